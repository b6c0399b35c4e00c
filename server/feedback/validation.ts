import type { Measures, ModelEvaluation } from '../../src/api/schemas/models';
import type { FeedbackSubjectAnswer } from '../../src/api/application-types/answer';
import type { Focus, LabellableType } from '../../src/api/types';
import type { ModelParameters } from '../vision/models/parameters';
import { ACCEPT_PROBABILITY } from '../vision/models/proposal';
import { loadAnalysisImage } from '../vision/models/analysis-image';
import { needsDetector } from '../vision/models/subject-evidence';
import { runModelOn } from '../types/run-model';

/** An answered item with its image: what a model is measured on. */
export interface ValidationExample {
  image: Buffer;
  focus: Focus | null;
  answers: FeedbackSubjectAnswer[];
}

interface Tally {
  TP: number;
  FP: number;
  TN: number;
  FN: number;
}

const emptyTally = (): Tally => ({ TP: 0, FP: 0, TN: 0, FN: 0 });

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** The ratios of a tally; each is null when its denominator is 0 (F1 also when precision and recall are both 0). */
export function measuresOf({ TP, FP, TN, FN }: Tally): Measures {
  const precision = ratio(TP, TP + FP);
  const recall = ratio(TP, TP + FN);
  const F1 = precision !== null && recall !== null && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : null;
  return { accuracy: ratio(TP + TN, TP + FP + TN + FN), precision, recall, F1, TP, FP, TN, FN };
}

function count(tally: Tally, predicted: boolean, actual: boolean) {
  if (predicted && actual) tally.TP += 1;
  else if (predicted) tally.FP += 1;
  else if (actual) tally.FN += 1;
  else tally.TN += 1;
}

/**
 * Measures each model (by its parameters) on the same answered items: for every answer, does the model's presence
 * call for that subject (probability ≥ 0.5) agree with the person's True/False? Each image is decoded once and
 * every model is run on it. Returns one evaluation per parameter set, in their order.
 */
export async function measureModels(
  type: LabellableType,
  outputSubjects: string[],
  parameterSets: ModelParameters[],
  examples: ValidationExample[],
): Promise<ModelEvaluation[]> {
  const tallies = parameterSets.map(() => ({ overall: emptyTally(), perSubject: new Map<string, Tally>() }));
  for (const example of examples) {
    const detect = parameterSets.some((parameters) => needsDetector(outputSubjects, parameters));
    const image = await loadAnalysisImage(example.image, example.focus, { detect });
    for (const [index, parameters] of parameterSets.entries()) {
      const proposals = runModelOn(image, { type, outputSubjects, parameters });
      const tally = tallies[index]!;
      for (const answer of example.answers) {
        const proposal = proposals.find((candidate) => candidate.subject_uid === answer.subject_uid);
        const predicted = (proposal?.probability ?? 0) >= ACCEPT_PROBABILITY;
        const actual = answer.result === 'True';
        count(tally.overall, predicted, actual);
        let subjectTally = tally.perSubject.get(answer.subject_uid);
        if (!subjectTally) tally.perSubject.set(answer.subject_uid, (subjectTally = emptyTally()));
        count(subjectTally, predicted, actual);
      }
    }
  }
  return tallies.map(({ overall, perSubject }) => ({
    data_count: examples.length,
    model_performance: measuresOf(overall),
    model_performance_per_subject: Object.fromEntries([...perSubject].map(([uid, tally]) => [uid, measuresOf(tally)])),
  }));
}
