import type { AnalysisImage } from '../../vision/models/analysis-image';
import type { ModelParameters } from '../../vision/models/parameters';
import type { ModelProposal } from '../../vision/models/proposal';
import { presenceIn, subjectEvidence } from '../../vision/models/subject-evidence';

interface SubjectScore {
  subject_uid: string;
  probability: number;
  /** Presence evidence of the subject on its own. */
  presence: number;
}

const MAX_PRESENCE = 0.999;
const odds = (presence: number) => Math.min(presence, MAX_PRESENCE) / (1 - Math.min(presence, MAX_PRESENCE));

/**
 * Per output subject, the probability that it is the image's one class, highest first. With the chance that the
 * evidence is real (the best presence), classes share in proportion to the odds of their presence; otherwise all
 * are equally likely.
 */
function classificationScores(image: AnalysisImage, subjects: readonly string[], parameters: ModelParameters): SubjectScore[] {
  const presences = subjects.map((uid) => presenceIn(subjectEvidence(image, uid, parameters)).probability);
  const confidence = Math.max(0, ...presences);
  const total = presences.reduce((sum, presence) => sum + odds(presence), 0);
  return subjects
    .map((subject_uid, index) => {
      const presence = presences[index] ?? 0;
      const share = odds(presence) / total;
      return { subject_uid, presence, probability: confidence * share + (1 - confidence) / subjects.length };
    })
    .sort((a, b) => b.probability - a.probability);
}

export function classify(image: AnalysisImage, subjects: readonly string[], parameters: ModelParameters): ModelProposal[] {
  const best = classificationScores(image, subjects, parameters)[0];
  if (!best) return [];
  return [{ subject_uid: best.subject_uid, probability: best.probability, uncal_prob: best.presence, app_data_type: null, app_data: null }];
}
