import type { AnswerRule } from '../../src/api/application-types/rule';
import type { LabellableType } from '../../src/api/types';
import type { ObjectAmbiguity } from '../vision/ambiguity';
import type { DemoType } from '../vision/demo';
import type { AnalysisImage, ImageAnalysis } from '../vision/models/analysis-image';
import type { ModelParameters, SubjectForModel } from '../vision/models/parameters';
import type { ModelProposal } from '../vision/models/proposal';
import { subjectEvidence, type SubjectEvidence } from '../vision/models/subject-evidence';
import type { AppearanceFit } from '../vision/refit';
import type { MeasureProposals } from './measures/held-out';
import type { ModelServerPart } from './model-server-part';

/**
 * A baseline model: its proposals for an image decoded for analysis (there is at least one output subject), by the
 * shared parameters and the type's own (`Own`), with what the type's own analysis found (`R`).
 */
export type Propose<Own = object, R = unknown> = (image: AnalysisImage<R>, outputSubjects: readonly string[], parameters: ModelParameters & Own) => ModelProposal[];

/**
 * One application type as the service implements it, as the app's type modules do on the other side: its answer rule
 * (its manifest's), how its baseline model proposes and what it reads of an image to do so, its own model parameters,
 * how a release re-fits that model, how its proposals are measured against held-out answers, how ambiguous its
 * proposals' objects are, and its demo. The registry lists every module; nothing else names a type.
 *
 * `Own` are the model parameters the type keeps beside the shared ones (server/vision/models/parameters.ts), stored
 * with them in a release; `R` is what its own analysis of an image finds. The registry holds every module as a
 * `TypeModule` and hands each its own parameters and analysis back: the members that take them are methods, so that a
 * module of any `Own` and `R` is one.
 */
export interface TypeModule<Own extends object = object, R = unknown> {
  readonly type: LabellableType;
  readonly rule: AnswerRule;
  propose(image: AnalysisImage<R>, outputSubjects: readonly string[], parameters: ModelParameters & Own): ModelProposal[];
  /**
   * What its model reads of an image besides the pixels and the detector's objects, for these parameters (ocr the
   * text, nsfw the content classifier's classes); absent, or null: nothing. `propose` finds it in `image.analysis`.
   */
  analysis?(parameters: ModelParameters & Own): ImageAnalysis<R> | null;
  readonly fit: AppearanceFit;
  readonly measure: MeasureProposals;
  readonly objectAmbiguity: ObjectAmbiguity;
  /** How a model server speaking Label Studio's ML backend protocol is told of it and answers it; absent: it cannot be. */
  readonly modelServer?: ModelServerPart;
  /** Absent for a type by special arrangement: the demo runs with the service's defaults, which refuse those types. */
  readonly demo?: DemoType;
  /** Its own parameters a new model starts from, from the application's custom_fields; a release keeps them. */
  baselineParameters?(customFields: Record<string, unknown>): Own;
  /**
   * Its own parameters that the application's settings (its custom_fields) and its output subjects (by uid) give as
   * they are now, over any a release kept; none by default.
   */
  settingsParameters?(customFields: Record<string, unknown>, outputSubjects: Readonly<Record<string, SubjectForModel>>): Partial<Own>;
}

/** A model of one subject: its proposal from what the models see of the subject in the image. */
export type SubjectModel<Own = object> = (evidence: SubjectEvidence, subject: string, image: AnalysisImage, parameters: ModelParameters & Own) => ModelProposal;

/** A model that answers for every output subject, one proposal each. */
export const forEachSubject =
  <Own,>(model: SubjectModel<Own>): Propose<Own> =>
  (image, subjects, parameters) =>
    subjects.map((subject) => model(subjectEvidence(image, subject, parameters), subject, image, parameters));

/** A model that answers for the first output subject only (an offset measures one thing). */
export const forFirstSubject =
  <Own,>(model: SubjectModel<Own>): Propose<Own> =>
  (image, [subject], parameters) =>
    subject === undefined ? [] : [model(subjectEvidence(image, subject, parameters), subject, image, parameters)];
