import { EXPLICIT_CLASSES, nsfwClassOf, type NsfwClass } from '../../../src/api/application-types/nsfw';
import type { ContentScores } from '../../vision/content/scores';
import type { AnalysisImage } from '../../vision/models/analysis-image';
import { UNKNOWN_SUBJECT_PROBABILITY } from '../../vision/models/calibration';
import type { ModelParameters, SubjectForModel } from '../../vision/models/parameters';
import type { ModelProposal } from '../../vision/models/proposal';

/** The probability of a class: the model's own, or for `explicit` the sum of porn, sexy and hentai. */
export const classProbability = (scores: ContentScores, nsfwClass: NsfwClass): number =>
  nsfwClass === 'explicit' ? Math.min(1, EXPLICIT_CLASSES.reduce((sum, name) => sum + scores[name], 0)) : scores[nsfwClass];

/** The class each output subject's name stands for, by uid (null for a name that stands for none). */
export const contentClassesOf = (subjects: Readonly<Record<string, SubjectForModel>>): Record<string, NsfwClass | null> =>
  Object.fromEntries(Object.entries(subjects).map(([uid, subject]) => [uid, nsfwClassOf(subject.name)]));

/**
 * An nsfw model's own parameters: per output subject uid, the content classifier's class its name stands for (null:
 * none). Not learnt: always the subjects' current names.
 */
export interface ContentParameters {
  content_class: Record<string, NsfwClass | null>;
}

/**
 * Each output subject with the probability of its class in the content classifier's answer; a subject whose name
 * stands for no class gets even odds, so that people are asked.
 */
export function contentProposals(image: AnalysisImage<ContentScores>, subjects: readonly string[], parameters: ModelParameters & ContentParameters): ModelProposal[] {
  const { analysis: content } = image;
  if (content === null) throw new Error('The image was loaded without the content classifier, but an nsfw model reads it.');
  return subjects.map((subject_uid) => {
    const nsfwClass = parameters.content_class[subject_uid] ?? null;
    const probability = nsfwClass === null ? UNKNOWN_SUBJECT_PROBABILITY : classProbability(content, nsfwClass);
    return { subject_uid, probability, uncal_prob: probability, app_data_type: null, app_data: null };
  });
}
