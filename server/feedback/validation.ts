import type { ModelEvaluation } from '../../src/api/schemas/models';
import type { FeedbackSubjectAnswer } from '../../src/api/application-types/answer';
import type { Focus } from '../../src/api/types';
import type { ModelParameters } from '../vision/models/parameters';
import { loadAnalysisImage } from '../vision/models/analysis-image';
import { needsDetector } from '../vision/models/subject-evidence';
import type { JudgedItem, SubjectNames } from '../types/measures/held-out';
import type { TypeModule } from '../types/type-module';
import { runModelOn } from '../types/run-model';
import { withRememberedFinds } from '../vision/exemplars/remembered';

/** An answered item with its image: what a model is measured on. */
export interface ValidationExample {
  image: Buffer;
  focus: Focus | null;
  answers: FeedbackSubjectAnswer[];
}

/** The application's output subjects, in order, and their names (for the tables of classes). */
export interface MeasuredSubjects {
  uids: readonly string[];
  names: SubjectNames;
}

/** One model's measures, by its type module's `measure`, on items already judged. */
function evaluationOf(module: TypeModule, items: readonly JudgedItem[], names: SubjectNames): ModelEvaluation {
  const { overall, perSubject } = module.measure(items, names);
  return { data_count: items.length, model_performance: overall, model_performance_per_subject: perSubject };
}

/**
 * Runs each model (by its parameters) on the same held-out answered items: each image is decoded once and every
 * model is run on it. Returns the items as judged, one list per parameter set, in their order.
 */
export async function judgeModels(module: TypeModule, outputSubjects: readonly string[], parameterSets: ModelParameters[], examples: ValidationExample[]): Promise<JudgedItem[][]> {
  const judged: JudgedItem[][] = parameterSets.map(() => []);
  for (const example of examples) {
    const detect = parameterSets.some((parameters) => needsDetector(outputSubjects, parameters));
    const read = parameterSets.find((parameters) => parameters.text_reading)?.text_reading ?? null;
    const classify = parameterSets.some((parameters) => parameters.content_class !== undefined);
    const image = await loadAnalysisImage(example.image, example.focus, { detect, read, classify });
    for (const [index, set] of parameterSets.entries()) {
      const parameters = await withRememberedFinds(set, example.image, example.focus, outputSubjects);
      const proposals = runModelOn(image, { type: module.type, outputSubjects, parameters });
      judged[index]!.push({ answers: example.answers, proposals });
    }
  }
  return judged;
}

/**
 * Measures each model (by its parameters) on the same held-out answered items, as its type module judges them
 * (docs/models.md, "Measures"). Returns one evaluation per parameter set, in their order.
 */
export async function measureModels(
  module: TypeModule,
  subjects: MeasuredSubjects,
  parameterSets: ModelParameters[],
  examples: ValidationExample[],
): Promise<ModelEvaluation[]> {
  const judged = await judgeModels(module, subjects.uids, parameterSets, examples);
  return judged.map((items) => evaluationOf(module, items, subjects.names));
}
