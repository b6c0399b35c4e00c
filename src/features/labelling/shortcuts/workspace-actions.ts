import type { PointerGesture } from '../../../lib/shortcuts/registry';
import { findMoreAction } from '../find-more/find-more-action';
import { frameActions } from '../frames/frame-actions';
import { digitActions } from '../type-kit/digit-actions';
import type { AnnotationBase, AnyTypeModule, ProposalMarks, WorkspaceAction } from '../contract/type-module';

type Action = WorkspaceAction;

/** Fit, zoom and 1:1 keep the same keys in every type: no type uses them for anything else. */
const ZOOM_STEP = 1.25;

const ANSWER: readonly Action[] = [
  {
    id: 'submit',
    button: 'Accept',
    label: 'Accept and go to the next item',
    hint: 'accept',
    group: 'Answer',
    keys: ['Enter'],
    inFields: 'answer',
    when: (ctx) => ctx.imageShown,
    perform: (ctx) => ctx.workspace.accept(),
  },
  {
    id: 'reject',
    button: 'Not present',
    label: 'Not present (answer False)',
    hint: 'not present',
    group: 'Answer',
    keys: ['x'],
    when: (ctx) => ctx.imageShown,
    perform: (ctx) => ctx.workspace.reject(),
  },
  {
    id: 'skip',
    button: 'Skip',
    label: 'Skip: hand the item back for someone else',
    hint: 'skip',
    group: 'Answer',
    keys: ['s'],
    when: (ctx) => ctx.canSkip,
    perform: (ctx) => ctx.workspace.skip(),
  },
  {
    id: 'previous-item',
    button: 'Previous item',
    label: 'Back to the previous item',
    hint: 'previous',
    group: 'Answer',
    keys: ['Alt+ArrowLeft'],
    beforeSight: true,
    when: (ctx) => ctx.canGoBack,
    perform: (ctx) => ctx.workspace.previous(),
  },
];

const EDIT: readonly Action[] = [
  { id: 'undo',
    button: 'Undo', label: 'Undo', group: 'Edit', keys: ['Mod+Z'], when: (ctx) => ctx.canUndo, perform: (ctx) => ctx.workspace.undo() },
  { id: 'redo',
    button: 'Redo', label: 'Redo', group: 'Edit', keys: ['Mod+Shift+Z', 'Mod+Y'], when: (ctx) => ctx.canRedo, perform: (ctx) => ctx.workspace.redo() },
  {
    id: 'cancel',
    label: 'Cancel drawing, clear the selection, or leave a number or text field',
    group: 'Edit',
    keys: ['Escape'],
    inFields: 'any',
    beforeSight: true,
    perform: (ctx) => ctx.workspace.cancel(),
  },
];

const VIEW: readonly Action[] = [
  { id: 'fit-view',
    button: 'Fit', label: 'Fit image to view', hint: 'fit', group: 'View', keys: ['0', 'f'], perform: (ctx) => ctx.canvas.fitToView() },
  { id: 'zoom-in',
    button: '+', label: 'Zoom in', group: 'View', keys: ['+', '='], perform: (ctx) => ctx.canvas.zoomBy(ZOOM_STEP) },
  { id: 'zoom-out',
    button: '−', label: 'Zoom out', group: 'View', keys: ['-'], perform: (ctx) => ctx.canvas.zoomBy(1 / ZOOM_STEP) },
  {
    id: 'zoom-actual',
    button: '1:1',
    label: 'Zoom to 100% (one image pixel per screen pixel)',
    group: 'View',
    keys: ['Shift+F'],
    perform: (ctx) => ctx.canvas.actualSize(),
  },
  { id: 'toggle-marks', label: 'Hide or show the proposal and marks', hint: 'hide marks', group: 'View', keys: ['h'], perform: (ctx) => ctx.workspace.toggleMarks() },
  { id: 'help', label: 'Show shortcuts', hint: 'all shortcuts', group: 'Help', keys: ['?'], perform: (ctx) => ctx.workspace.showHelp() },
];

/** The confidence floor moves by this much a key press. */
const FLOOR_STEP = 0.05;

const hasProposals = (ctx: { proposals: { total: number } | null }) => (ctx.proposals?.total ?? 0) > 0;

/** For types whose marks may be the model's: all of them at once, and the confidence floor that hides some. */
function proposalActions(proposals: ProposalMarks<AnnotationBase>): Action[] {
  return [
    {
      id: 'accept-shown',
      button: 'Accept shown',
      label: 'Accept the shown proposals (and your marks) as the answer; hidden proposals are left out',
      group: 'Answer',
      keys: ['Shift+Enter'],
      when: (ctx) => ctx.imageShown && hasProposals(ctx),
      perform: (ctx) => ctx.workspace.accept(),
    },
    {
      id: 'delete-proposals',
      button: 'Delete all',
      label: 'Delete all proposals, shown or hidden (one undo step; your own marks stay)',
      group: 'Edit',
      keys: ['Shift+Delete', 'Shift+Backspace'],
      when: hasProposals,
      perform: (ctx) => ctx.edit((annotation) => proposals.withoutProposals(annotation)),
    },
    { id: 'floor-up', label: 'Raise the confidence floor (hide less likely proposals)', group: 'View', keys: [']'], when: hasProposals, perform: (ctx) => ctx.workspace.moveFloor(FLOOR_STEP) },
    { id: 'floor-down', label: 'Lower the confidence floor (show more proposals)', group: 'View', keys: ['['], when: hasProposals, perform: (ctx) => ctx.workspace.moveFloor(-FLOOR_STEP) },
  ];
}

/** Keys 1–9 pick the class of new marks and move the selected mark into it (a new mark is never selected by itself). */
const classActions = (noun: string): Action[] =>
  digitActions('class', `Class of the selected ${noun}, or of the next ${noun}`, (ctx, index) => ctx.workspace.pickClass(index), {
    group: 'Edit',
    when: (ctx, index) => index < ctx.classCount,
  });

interface RegistryOptions {
  /** Its marks have several classes (the class picker's keys). */
  readonly classes?: boolean;
  /** The item is a video's frame with neighbouring frames (Copy previous frame, Interpolate, where the type has boxes). */
  readonly frames?: boolean;
}

/** The whole registry of one application: the workspace's actions around its type's own, in the order `?` lists them. */
export function actionsOf(module: AnyTypeModule, { classes = false, frames = false }: RegistryOptions = {}): readonly Action[] {
  const own = [
    ...module.actions,
    ...(module.exemplars ? [findMoreAction(module.exemplars)] : []),
    ...(module.proposals ? proposalActions(module.proposals) : []),
    ...(classes && module.classes ? classActions(module.objects?.noun ?? 'mark') : []),
    ...(frames && module.frameBoxes ? frameActions(module.frameBoxes) : []),
  ];
  // A type without a "not present" answer (classification) has no such action at all, nor a key or a button for it.
  const answer = module.reject ? ANSWER : ANSWER.filter((action) => action.id !== 'reject');
  return [...answer, ...own.filter((a) => a.group === 'Answer'), ...own.filter((a) => a.group !== 'Answer'), ...EDIT, ...VIEW];
}

/** What the `?` overlay lists for a type: its keys, then its pointer gestures. */
export const helpOf = (module: AnyTypeModule, options: RegistryOptions = {}): readonly (WorkspaceAction | PointerGesture)[] => [
  ...actionsOf(module, options),
  ...(module.gestures ?? []),
];

export const findAction = (actions: readonly Action[], id: string) => actions.find((action) => action.id === id);
