/** A model's assertion counts as the subject being there when it is at least this probable. */
export const ACCEPT_PROBABILITY = 0.5;

/**
 * From which probability a model's assertion of the subject counts as present in an application: its detection
 * threshold for the subject when one above 0 is set, else ACCEPT_PROBABILITY (a 0, what a new application holds for
 * every subject, would count every subject as present).
 */
export function presenceThreshold(thresholds: Readonly<Record<string, number>>, subjectUid: string): number {
  const threshold = thresholds[subjectUid];
  return threshold !== undefined && threshold > 0 ? threshold : ACCEPT_PROBABILITY;
}
