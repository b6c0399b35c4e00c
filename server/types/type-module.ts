import type { AnswerRule } from '../../src/api/application-types/rule';
import type { LabellableType } from '../../src/api/types';
import type { ObjectAmbiguity } from '../vision/ambiguity';
import type { DemoType } from '../vision/demo';
import type { AnalysisImage } from '../vision/models/analysis-image';
import type { ModelParameters, SubjectForModel } from '../vision/models/parameters';
import type { ModelProposal } from '../vision/models/proposal';
import { subjectEvidence, type SubjectEvidence } from '../vision/models/subject-evidence';
import type { AppearanceFit } from '../vision/refit';
import type { MeasureProposals } from './measures/held-out';

/** A baseline model: its proposals for an image decoded for analysis (there is at least one output subject). */
export type Propose = (image: AnalysisImage, outputSubjects: readonly string[], parameters: ModelParameters) => ModelProposal[];

/**
 * One application type as the service implements it, as the app's type modules do on the other side: its answer
 * rule (the contract's), how its baseline model proposes, how a release re-fits that model, how its proposals are
 * measured against held-out answers, how ambiguous its proposals' objects are, and its demo. The registry lists every module; nothing else names a type.
 */
export interface TypeModule {
  readonly type: LabellableType;
  readonly rule: AnswerRule;
  readonly propose: Propose;
  readonly fit: AppearanceFit;
  readonly measure: MeasureProposals;
  readonly objectAmbiguity: ObjectAmbiguity;
  /** Absent for a type by special arrangement: the demo runs with the service's defaults, which refuse those types. */
  readonly demo?: DemoType;
  /**
   * The model parameters the application's settings (its custom_fields) and its output subjects (by uid) give, beyond
   * the baseline's, as they are now; none by default.
   */
  readonly settingsParameters?: (customFields: Record<string, unknown>, outputSubjects: Readonly<Record<string, SubjectForModel>>) => Partial<ModelParameters>;
}

/** A model of one subject: its proposal from what the models see of the subject in the image. */
export type SubjectModel = (evidence: SubjectEvidence, subject: string, image: AnalysisImage, parameters: ModelParameters) => ModelProposal;

/** A model that answers for every output subject, one proposal each. */
export const forEachSubject =
  (model: SubjectModel): Propose =>
  (image, subjects, parameters) =>
    subjects.map((subject) => model(subjectEvidence(image, subject, parameters), subject, image, parameters));

/** A model that answers for the first output subject only (an offset measures one thing). */
export const forFirstSubject =
  (model: SubjectModel): Propose =>
  (image, [subject], parameters) =>
    subject === undefined ? [] : [model(subjectEvidence(image, subject, parameters), subject, image, parameters)];
