import type { PointerGesture } from '../../../lib/shortcuts/registry';
import type { AnyTypeModule, WorkspaceAction } from '../type-modules/type-module';

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
    inFields: 'number',
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
    label: 'Cancel drawing, clear the selection, or leave a number field',
    group: 'Edit',
    keys: ['Escape'],
    inFields: 'any',
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

/** The whole registry of one type: the workspace's actions around the type's own, in the order `?` lists them. */
export function actionsOf(module: AnyTypeModule): readonly Action[] {
  const own = module.actions;
  // A type without a "not present" answer (classification) has no such action at all, nor a key or a button for it.
  const answer = module.reject ? ANSWER : ANSWER.filter((action) => action.id !== 'reject');
  return [...answer, ...own.filter((a) => a.group === 'Answer'), ...own.filter((a) => a.group !== 'Answer'), ...EDIT, ...VIEW];
}

/** What the `?` overlay lists for a type: its keys, then its pointer gestures. */
export const helpOf = (module: AnyTypeModule): readonly (WorkspaceAction | PointerGesture)[] => [...actionsOf(module), ...(module.gestures ?? [])];

export const findAction = (actions: readonly Action[], id: string) => actions.find((action) => action.id === id);
