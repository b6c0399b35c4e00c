import type { Focus, LabellableType } from '../../src/api/types';
import { loadAnalysisImage, type AnalysisImage } from '../vision/models/analysis-image';
import type { ModelParameters } from '../vision/models/parameters';
import type { ModelProposal } from '../vision/models/proposal';
import { withRememberedFinds } from '../vision/exemplars/remembered';
import { needsDetector } from '../vision/models/subject-evidence';
import { moduleOf } from './registry';

export interface RunModelInput {
  type: LabellableType;
  outputSubjects: readonly string[];
  parameters: ModelParameters;
  image: Buffer;
  /** Only this region is analysed; coordinates stay in media pixels. */
  focus?: Focus | null;
}

/**
 * The baseline model of an application type (its module's `propose`): classification gives one proposal (the most
 * likely subject), detection_fullframe one per output subject, the others one for the first output subject.
 */
export async function runModel(input: RunModelInput): Promise<ModelProposal[]> {
  if (input.outputSubjects[0] === undefined) return [];
  const parameters = await withRememberedFinds(input.parameters, input.image, input.focus, input.outputSubjects);
  const options = { detect: needsDetector(input.outputSubjects, parameters), read: parameters.text_reading ?? null, classify: parameters.content_class !== undefined };
  return runModelOn(await loadAnalysisImage(input.image, input.focus, options), { ...input, parameters });
}

/** {@link runModel} on an image already decoded for analysis (`loadAnalysisImage`), to run several models on one. */
export function runModelOn(image: AnalysisImage, { type, outputSubjects, parameters }: Omit<RunModelInput, 'image' | 'focus'>): ModelProposal[] {
  if (outputSubjects[0] === undefined) return [];
  return moduleOf(type).propose(image, outputSubjects, parameters);
}
