import type { FeedbackSubjectAnswer } from '../../src/api/application-types/answer';
import type { ImportedAnnotation } from '../../src/api/application-types/export-annotation';
import type { AnswerRule } from '../../src/api/application-types/rule';
import type { ModelProposal } from '../vision/models/proposal';

/** What the import knows of the application when it turns annotations into answers. */
export interface AnswerTarget {
  type: string;
  rule: AnswerRule;
  /** The output subjects the files label, in the application's order: only these are answered. */
  covered: readonly string[];
  nameOf(subjectUid: string): string;
}

const annotationsOf = (annotations: readonly ImportedAnnotation[], subjectUid: string) =>
  annotations.filter((annotation) => annotation.subjectUid === subjectUid);

/** The True (with the type's app_data) or False answer on one subject. */
function subjectAnswer(rule: AnswerRule, subjectUid: string, annotations: readonly ImportedAnnotation[]): FeedbackSubjectAnswer {
  const imported = rule.importAppData(annotationsOf(annotations, subjectUid));
  if (!imported) return { subject_uid: subjectUid, result: 'False' };
  if (rule.appDataType === null) return { subject_uid: subjectUid, result: 'True' };
  return { subject_uid: subjectUid, result: 'True', app_data_type: rule.appDataType, app_data: imported.appData as FeedbackSubjectAnswer['app_data'] };
}

/**
 * The feedback messages (each a list of subject answers) an image's annotations make, as a labeller would send them:
 * one per covered subject for types answered subject by subject, one naming every subject for types that answer all
 * at once, and one naming the single class for a classification. A string says why the image makes no answer.
 */
export function labelMessages(target: AnswerTarget, annotations: readonly ImportedAnnotation[]): FeedbackSubjectAnswer[][] | string {
  const { rule, covered } = target;
  // One answer per image, as the workspace sends it, where an answer may name several subjects (boxes, points).
  if (rule.subjects === 'every' || (rule.subjects === 'some' && rule.allowsFalse)) return [covered.map((uid) => subjectAnswer(rule, uid, annotations))];
  if (rule.allowsFalse) return covered.map((uid) => [subjectAnswer(rule, uid, annotations)]);
  const shown = covered.filter((uid) => rule.importAppData(annotationsOf(annotations, uid)));
  if (shown.length === 1) return [[subjectAnswer(rule, shown[0]!, annotations)]];
  if (shown.length === 0) return `It shows none of the classes, and a ${target.type} answer names one.`;
  return `It shows several classes (${shown.map(target.nameOf).join(', ')}), and a ${target.type} answer names one.`;
}

/**
 * The proposals an outside model's annotations make, one per covered subject, shaped as the service's own models
 * shape theirs: the probability is the most confident mark's (1 when the file gives no scores), uncal_prob the least
 * confident's; a subject without marks is proposed absent (probability 0).
 */
export function predictionProposals(target: AnswerTarget, annotations: readonly ImportedAnnotation[]): ModelProposal[] {
  return target.covered.map((subjectUid) => {
    const own = annotationsOf(annotations, subjectUid);
    const imported = target.rule.importAppData(own);
    if (!imported) return { subject_uid: subjectUid, probability: 0, uncal_prob: 0, app_data_type: null, app_data: null };
    const scores = own.map((annotation) => annotation.probability ?? 1);
    return {
      subject_uid: subjectUid,
      probability: scores.reduce((most, score) => Math.max(most, score), 0),
      uncal_prob: scores.reduce((least, score) => Math.min(least, score), 1),
      app_data_type: target.rule.appDataType,
      app_data: imported.appData as ModelProposal['app_data'],
    };
  });
}
