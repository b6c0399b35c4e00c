import type { Focus, LabellableType } from '../../src/api/types';
import { loadAnalysisImage, type AnalysisImage, type AnalysisOptions } from '../vision/models/analysis-image';
import type { ModelParameters } from '../vision/models/parameters';
import type { ModelProposal } from '../vision/models/proposal';
import { withRememberedFinds } from '../vision/exemplars/remembered';
import { needsDetector } from '../vision/models/subject-evidence';
import { moduleOf } from './registry';
import type { TypeModule } from './type-module';

export interface RunModelInput {
  type: LabellableType;
  outputSubjects: readonly string[];
  parameters: ModelParameters;
  image: Buffer;
  /** Only this region is analysed; coordinates stay in media pixels. */
  focus?: Focus | null;
}

/**
 * What to look for in an image that one type's models (by their parameters) will all run on: the detector when a
 * subject needs it, and the type's own analysis (its module's `analysis`), which follows the application's settings
 * that every model of it shares, so the first model's parameters ask for it.
 */
export function analysisFor(module: TypeModule, outputSubjects: readonly string[], parameterSets: readonly ModelParameters[]): AnalysisOptions<unknown> {
  const [first] = parameterSets;
  return {
    detect: parameterSets.some((parameters) => needsDetector(outputSubjects, parameters)),
    analyse: first === undefined ? null : (module.analysis?.(first) ?? null),
  };
}

/** An application's model's proposals (its type module's `propose`) for an image, decoded with what the model reads. */
export async function runModel(input: RunModelInput): Promise<ModelProposal[]> {
  if (input.outputSubjects[0] === undefined) return [];
  const parameters = await withRememberedFinds(input.parameters, input.image, input.focus, input.outputSubjects);
  const options = analysisFor(moduleOf(input.type), input.outputSubjects, [parameters]);
  return runModelOn(await loadAnalysisImage(input.image, input.focus, options), { ...input, parameters });
}

/** {@link runModel} on an image already decoded for analysis (`loadAnalysisImage`), to run several models on one. */
export function runModelOn(image: AnalysisImage, { type, outputSubjects, parameters }: Omit<RunModelInput, 'image' | 'focus'>): ModelProposal[] {
  if (outputSubjects[0] === undefined) return [];
  return moduleOf(type).propose(image, outputSubjects, parameters);
}
