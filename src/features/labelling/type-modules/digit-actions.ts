import type { ActionContext, WorkspaceAction } from './type-module';

/** Keys 1–9 for the n-th option; the `?` overlay shows them as one row. */
export function digitActions<A>(
  id: string,
  label: string,
  perform: (ctx: ActionContext<A>, index: number) => void,
): WorkspaceAction<A>[] {
  return Array.from({ length: 9 }, (_, i) => ({
    id: `${id}-${i + 1}`,
    label: `${label} ${i + 1}`,
    group: 'Answer',
    keys: [String(i + 1)],
    series: { id, label, keys: '1–9' },
    hint: i === 0 ? label.toLowerCase() : undefined,
    perform: (ctx: ActionContext<A>) => perform(ctx, i),
  }));
}
