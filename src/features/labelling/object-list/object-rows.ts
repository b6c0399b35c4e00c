import type { ObjectOrder } from '../view/mark-view-store';

export interface ObjectRow {
  /** The mark's place in the annotation. */
  readonly index: number;
  /** The model's probability while the mark is where the model put it; undefined for the labeller's marks. */
  readonly probability: number | undefined;
  /** A model mark under the application's detection threshold. */
  readonly doubtful: boolean;
}

/** What the list knows of each mark: the model's probability (undefined for the labeller's) and its threshold. */
export interface RowSource {
  readonly count: number;
  probability(index: number): number | undefined;
  threshold(index: number): number;
}

/** The object list's rows in the chosen order; the labeller's own marks come after the model's when sorting. */
export function objectRows(source: RowSource, order: ObjectOrder): ObjectRow[] {
  const rows = Array.from({ length: source.count }, (_, index) => {
    const probability = source.probability(index);
    return { index, probability, doubtful: probability !== undefined && probability < source.threshold(index) };
  });
  if (order === 'drawn') return rows;
  const direction = order === 'least-confident' ? 1 : -1;
  return rows.sort((a, b) => {
    if (a.probability === undefined || b.probability === undefined) return (a.probability === undefined ? 1 : 0) - (b.probability === undefined ? 1 : 0) || a.index - b.index;
    return direction * (a.probability - b.probability) || a.index - b.index;
  });
}

/** The row `step` places from the active one, in list order, stopping at the ends. */
export function neighbourRow(rows: readonly ObjectRow[], active: number | null, step: 1 | -1): number | null {
  if (rows.length === 0) return null;
  const at = rows.findIndex((row) => row.index === active);
  if (at === -1) return (step === 1 ? rows[0] : rows[rows.length - 1])!.index;
  return rows[Math.min(rows.length - 1, Math.max(0, at + step))]!.index;
}

/** After removing the mark at `removed`, the mark that takes its row (the next, else the previous), renumbered. */
export function rowAfterRemoval(rows: readonly ObjectRow[], removed: number): number | null {
  const at = rows.findIndex((row) => row.index === removed);
  const next = rows[at + 1] ?? rows[at - 1];
  if (at === -1 || !next) return null;
  return next.index > removed ? next.index - 1 : next.index;
}
