import type { AnalysisImage } from '../../vision/models/analysis-image';
import { detectObjects, presenceOf } from '../../vision/models/detections';
import type { ModelParameters } from '../../vision/models/parameters';
import type { ModelProposal } from '../../vision/models/proposal';

/** Presence of each output subject anywhere in the image. */
export function detectPresence(image: AnalysisImage, subjects: readonly string[], parameters: ModelParameters): ModelProposal[] {
  return subjects.map((subject_uid) => {
    const presence = presenceOf(detectObjects(image, parameters.appearance[subject_uid] ?? null));
    return { subject_uid, probability: presence.probability, uncal_prob: presence.score, app_data_type: null, app_data: null };
  });
}
