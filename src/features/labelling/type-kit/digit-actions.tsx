import type { ActionContext, WorkspaceAction } from '../contract/type-module';

/** How many options have a digit key. */
const DIGIT_KEYS = 9;

/** The key badge of the option at `index`: its digit, or nothing past the ninth, which no key chooses. */
export const DigitKey = ({ index }: { index: number }) => (index < DIGIT_KEYS ? <kbd>{index + 1}</kbd> : <kbd className="kbd--none" aria-hidden="true" />);

/** Keys 1–9 for the n-th option; the `?` overlay shows them as one row. `when` may leave some keys unused. */
export function digitActions<A>(
  id: string,
  label: string,
  perform: (ctx: ActionContext<A>, index: number) => void,
  { group = 'Answer', when }: { group?: string; when?: (ctx: ActionContext<A>, index: number) => boolean } = {},
): WorkspaceAction<A>[] {
  return Array.from({ length: DIGIT_KEYS }, (_, i) => ({
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
