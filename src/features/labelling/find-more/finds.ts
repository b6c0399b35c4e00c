import type { Prediction } from '../../../api/schemas/prediction';
import type { AnnotationBase, ExemplarMarks, Exemplars } from '../contract/type-module';

/** What a find that answered did, in words for the labeller. */
export function findOutcome(added: number): string {
  if (added === 0) return 'Nothing more like these found: box another, whole and unhidden.';
  return `Found ${added} more like these`;
}

/**
 * The annotation with the prediction's finds for the exemplars' subject (as the type's module adds them), and how
 * many; none when the prediction has no entry for that subject.
 */
export function withPrediction<A extends AnnotationBase>(
  capability: ExemplarMarks<A>,
  annotation: A,
  prediction: Prediction,
  exemplars: Exemplars,
): { annotation: A; added: number } {
  const entry = prediction.subjects.find((subject) => subject.subject_uid === exemplars.subjectUid);
  return entry ? capability.withFinds(annotation, entry, exemplars) : { annotation, added: 0 };
}
