import type { AnswerRule } from '../../src/api/application-types/rule';
import type { LabellableType } from '../../src/api/types';
import type { ObjectAmbiguity } from '../vision/ambiguity';
import type { DemoType } from '../vision/demo';
import type { AnalysisImage } from '../vision/models/analysis-image';
import type { ModelParameters, SubjectAppearance } from '../vision/models/parameters';
import type { ModelProposal } from '../vision/models/proposal';
import type { AppearanceFit } from '../vision/refit';

/** A baseline model: its proposals for an image decoded for analysis (there is at least one output subject). */
export type Propose = (image: AnalysisImage, outputSubjects: readonly string[], parameters: ModelParameters) => ModelProposal[];

/**
 * One application type as the service implements it, as the app's type modules do on the other side: its answer
 * rule (the contract's), how its baseline model proposes, how a release re-fits that model, how ambiguous its
 * proposals' objects are, and its demo. The registry lists every module; nothing else names a type.
 */
export interface TypeModule {
  readonly type: LabellableType;
  readonly rule: AnswerRule;
  readonly propose: Propose;
  readonly fit: AppearanceFit;
  readonly objectAmbiguity: ObjectAmbiguity;
  readonly demo: DemoType;
}

/** A model that answers for the first output subject only, given that subject's appearance. */
export const forFirstSubject =
  (model: (image: AnalysisImage, subject: string, appearance: SubjectAppearance | null, parameters: ModelParameters) => ModelProposal): Propose =>
  (image, [subject], parameters) =>
    subject === undefined ? [] : [model(image, subject, parameters.appearance[subject] ?? null, parameters)];
