import { LABELLERS_PER_ITEM } from '../../../api/limits';
import type { ShortcutAction } from '../../../lib/shortcuts/registry';

/** What the review page's actions read and do. */
export interface ReviewContext {
  readonly answers: number;
  readonly chosen: number;
  readonly busy: boolean;
  choose(index: number): void;
  resolve(): void;
  edit(): void;
}

export interface ReviewAction extends ShortcutAction<ReviewContext> {
  readonly perform: (ctx: ReviewContext) => void;
}

const choose = (index: number): ReviewAction => ({
  id: `choose-${index + 1}`,
  label: `Choose answer ${index + 1}`,
  group: 'Decide',
  keys: [String(index + 1)],
  series: { id: 'choose', label: 'Choose a labeller’s answer', keys: `1–${LABELLERS_PER_ITEM.max}` },
  hint: index === 0 ? 'choose' : undefined,
  when: (ctx) => index < ctx.answers,
  perform: (ctx) => ctx.choose(index),
});

/** The review page's keys, as in labelling: a digit chooses, Enter answers (resolves), E opens the type's editor. */
export const REVIEW_ACTIONS: readonly ReviewAction[] = [
  ...Array.from({ length: LABELLERS_PER_ITEM.max }, (_, index) => choose(index)),
  { id: 'resolve', label: 'Resolve with the chosen answer', group: 'Decide', keys: ['Enter'], hint: 'resolve', when: (ctx) => !ctx.busy, perform: (ctx) => ctx.resolve() },
  { id: 'edit', label: 'Edit the chosen answer', group: 'Decide', keys: ['E'], hint: 'edit', perform: (ctx) => ctx.edit() },
];
