/** Which applications' marks a media page shows: one application's, or every application's. */
export const ALL_APPLICATIONS = '*';
/** Marks made outside any application: uploads straight to a subject. */
export const NO_APPLICATION = '';

interface FromApplication {
  readonly app_id: string | null;
}

/** The applications that marked this media, in first-seen order (uploads straight to a subject as ''). */
export function markingApplications(assertions: readonly FromApplication[]): string[] {
  return [...new Set(assertions.map((assertion) => assertion.app_id ?? NO_APPLICATION))];
}

/**
 * What the page starts by showing: the application it was opened under, or the only one there is; several
 * applications' marks are never drawn over each other unannounced.
 */
export function initialMarkSource(appId: string | undefined, applications: readonly string[]): string {
  if (appId) return appId;
  return applications.length === 1 ? applications[0]! : ALL_APPLICATIONS;
}

export function marksOf<T extends FromApplication>(assertions: readonly T[], source: string): T[] {
  return source === ALL_APPLICATIONS ? [...assertions] : assertions.filter((assertion) => (assertion.app_id ?? NO_APPLICATION) === source);
}
