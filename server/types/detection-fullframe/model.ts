import type { AnalysisImage } from '../../vision/models/analysis-image';
import type { ModelParameters } from '../../vision/models/parameters';
import type { ModelProposal } from '../../vision/models/proposal';
import { presenceIn, subjectEvidence } from '../../vision/models/subject-evidence';

/** Presence of each output subject anywhere in the image: its best object's probability. */
export function detectPresence(image: AnalysisImage, subjects: readonly string[], parameters: ModelParameters): ModelProposal[] {
  return subjects.map((subject_uid) => {
    const presence = presenceIn(subjectEvidence(image, subject_uid, parameters));
    return { subject_uid, probability: presence.probability, uncal_prob: presence.score, app_data_type: null, app_data: null };
  });
}
