import type { Confusion, MeasuresOf } from '../../../src/api/schemas/measures';
import { ACCEPT_PROBABILITY } from '../../../src/api/presence';
import { mean, ratio, reasonFor, unless, type MeasurePairs, type MeasureProposals } from './held-out';

/** A confusion table over `labels`, filled from (truth, proposed) label pairs; labels not listed are added. */
function confusionOf(labels: readonly string[], calls: readonly { truth: string; proposed: string }[]): Confusion {
  const all = [...labels];
  for (const { truth, proposed } of calls) for (const label of [truth, proposed]) if (!all.includes(label)) all.push(label);
  const counts = all.map(() => all.map(() => 0));
  for (const { truth, proposed } of calls) counts[all.indexOf(truth)]![all.indexOf(proposed)]! += 1;
  return { labels: all, counts };
}

const diagonal = ({ counts }: Confusion) => counts.reduce((sum, row, index) => sum + row[index]!, 0);
const total = ({ counts }: Confusion) => counts.flat().reduce((sum, cell) => sum + cell, 0);
const rowSum = ({ counts }: Confusion, index: number) => counts[index]!.reduce((sum, cell) => sum + cell, 0);
const columnSum = ({ counts }: Confusion, index: number) => counts.reduce((sum, row) => sum + row[index]!, 0);

/** The precision, recall and F1 of one label of a confusion table (null where nothing was proposed or true). */
function labelFigures(confusion: Confusion, index: number) {
  const hits = confusion.counts[index]![index]!;
  const truth = rowSum(confusion, index);
  const proposed = columnSum(confusion, index);
  return { precision: ratio(hits, proposed), recall: ratio(hits, truth), F1: ratio(2 * hits, truth + proposed) };
}

function classMeasures(n: number, confusion: Confusion, figures: { precision: number | null; recall: number | null; F1: number | null }): MeasuresOf<'classes'> {
  const reason = reasonFor(n);
  return {
    kind: 'classes',
    n,
    reason,
    accuracy: unless(reason, ratio(diagonal(confusion), total(confusion))),
    precision: unless(reason, figures.precision),
    recall: unless(reason, figures.recall),
    F1: unless(reason, figures.F1),
    confusion,
  };
}

/** A yes-or-no call against a yes-or-no truth, in a 2×2 table whose first label is "yes"; the figures are of "yes". */
function binaryMeasures(n: number, labels: readonly [string, string], calls: readonly { truth: boolean; proposed: boolean }[]) {
  const [yes, no] = labels;
  const confusion = confusionOf(labels, calls.map(({ truth, proposed }) => ({ truth: truth ? yes : no, proposed: proposed ? yes : no })));
  return classMeasures(n, confusion, labelFigures(confusion, 0));
}

/** detection_fullframe: each answer's True/False against the model's presence call (probability ≥ ACCEPT_PROBABILITY). */
export const measurePresence: MeasurePairs = (pairs, n) =>
  binaryMeasures(
    n,
    ['present', 'absent'],
    pairs.map(({ answer, proposal }) => ({ truth: answer.result === 'True', proposed: (proposal?.probability ?? 0) >= ACCEPT_PROBABILITY })),
  );

/** What a classification item's answer chose and the model proposed (its most likely subject), by uid. */
interface ClassCall {
  truth: string;
  proposed: string | null;
}

/** The label of a class in the table: its name ("none" when the model proposed no class). */
const labelOf = (names: ReadonlyMap<string, string>, uid: string | null) => (uid === null ? 'none' : (names.get(uid) ?? uid));

/**
 * classification: the chosen class against the model's, in a confusion table by subject name (rows the answers,
 * columns the proposals); precision, recall and F1 are the means over the table's labels (macro averages). Per
 * subject: that class against all others.
 */
export const measureClasses: MeasureProposals = (items, names) => {
  const calls: ClassCall[] = items.flatMap(({ answers, proposals }) => {
    const chosen = answers.find((answer) => answer.result === 'True');
    return chosen ? [{ truth: chosen.subject_uid, proposed: proposals[0]?.subject_uid ?? null }] : [];
  });
  const confusion = confusionOf(
    [...names.values()],
    calls.map((call) => ({ truth: labelOf(names, call.truth), proposed: labelOf(names, call.proposed) })),
  );
  const perLabel = confusion.labels.map((_label, index) => labelFigures(confusion, index));
  const macro = (figure: 'precision' | 'recall' | 'F1') => mean(perLabel.flatMap((figures) => figures[figure] ?? []));
  const answered = [...new Set(calls.map((call) => call.truth))];
  return {
    overall: classMeasures(calls.length, confusion, { precision: macro('precision'), recall: macro('recall'), F1: macro('F1') }),
    perSubject: Object.fromEntries(
      answered.map((uid) => {
        const name = labelOf(names, uid);
        const oneAgainstRest = calls.map((call) => ({ truth: call.truth === uid, proposed: call.proposed === uid }));
        return [uid, binaryMeasures(calls.length, [name, `not ${name}`], oneAgainstRest)];
      }),
    ),
  };
};
