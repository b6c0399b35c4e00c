import type { ActionContext, WorkspaceAction } from './type-module';

/** Keys 1–9 for the n-th option; the `?` overlay shows them as one row. `when` may leave some keys unused. */
export function digitActions<A>(
  id: string,
  label: string,
  perform: (ctx: ActionContext<A>, index: number) => void,
  { group = 'Answer', when }: { group?: string; when?: (ctx: ActionContext<A>, index: number) => boolean } = {},
): WorkspaceAction<A>[] {
  return Array.from({ length: 9 }, (_, i) => ({
    id: `${id}-${i + 1}`,
    label: `${label} ${i + 1}`,
    group,
    keys: [String(i + 1)],
    series: { id, label, keys: '1–9' },
    hint: i === 0 ? label.toLowerCase() : undefined,
    when: when && ((ctx: ActionContext<A>) => when(ctx, i)),
    perform: (ctx: ActionContext<A>) => perform(ctx, i),
  }));
}
