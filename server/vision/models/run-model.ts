import type { Focus, LabellableType } from '../../../src/api/types';
import { loadAnalysisImage, type AnalysisImage } from './analysis-image';
import { detectBoxes } from './box-detection';
import { classify } from './classification';
import { detectPresence } from './detection-fullframe';
import { measureOffset } from './offset';
import type { ModelParameters } from './parameters';
import { locatePoints } from './point';
import type { ModelProposal } from './proposal';
import { countObjects } from './static-count';

export interface RunModelInput {
  type: LabellableType;
  outputSubjects: readonly string[];
  parameters: ModelParameters;
  image: Buffer;
  /** Only this region is analysed; coordinates stay in media pixels. */
  focus?: Focus | null;
}

/**
 * The baseline model of an application type: classification gives one proposal (the most likely subject),
 * detection_fullframe one per output subject, the others one for the first output subject with its app_data.
 */
export async function runModel(input: RunModelInput): Promise<ModelProposal[]> {
  if (input.outputSubjects[0] === undefined) return [];
  return runModelOn(await loadAnalysisImage(input.image, input.focus), input);
}

/** {@link runModel} on an image already decoded for analysis (`loadAnalysisImage`), to run several models on one. */
export function runModelOn(image: AnalysisImage, { type, outputSubjects, parameters }: Omit<RunModelInput, 'image' | 'focus'>): ModelProposal[] {
  const subject = outputSubjects[0];
  if (subject === undefined) return [];
  const appearance = parameters.appearance[subject] ?? null;
  switch (type) {
    case 'classification':
      return classify(image, outputSubjects, parameters);
    case 'detection_fullframe':
      return detectPresence(image, outputSubjects, parameters);
    case 'box_detection':
      return [detectBoxes(image, subject, appearance)];
    case 'static_count':
      return [countObjects(image, subject, appearance)];
    case 'offset_x':
    case 'offset_y':
      return [measureOffset(image, subject, appearance, type === 'offset_x' ? 'x' : 'y', parameters.offset_reference)];
    case 'point':
      return [locatePoints(image, subject, appearance)];
  }
}
