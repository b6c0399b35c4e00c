import type { ApplicationType } from '../../../api/types';
import type { ShortcutAction } from './registry';

export interface LabellingShortcutContext {
  readonly type: ApplicationType;
  /** A box or point is selected. */
  readonly hasSelection: boolean;
}

type Action = ShortcutAction<LabellingShortcutContext>;

const isType = (...types: ApplicationType[]) => (ctx: LabellingShortcutContext) => types.includes(ctx.type);
const selectable = isType('box_detection', 'point');
const notCounting = (ctx: LabellingShortcutContext) => ctx.type !== 'static_count';
// The digit 1 chooses or toggles a subject in these types, so 1:1 zoom stays on the toolbar there.
const digitsFree = (ctx: LabellingShortcutContext) => ctx.type !== 'classification' && ctx.type !== 'detection_fullframe';
const withSelection = (ctx: LabellingShortcutContext) => selectable(ctx) && ctx.hasSelection;

const DIRECTIONS = [
  { name: 'left', key: 'ArrowLeft', axis: 'x' },
  { name: 'right', key: 'ArrowRight', axis: 'x' },
  { name: 'up', key: 'ArrowUp', axis: 'y' },
  { name: 'down', key: 'ArrowDown', axis: 'y' },
] as const;

const nudges: Action[] = DIRECTIONS.flatMap(({ name, key, axis }) => {
  const when = (ctx: LabellingShortcutContext) => withSelection(ctx) || ctx.type === (axis === 'x' ? 'offset_x' : 'offset_y');
  return [
    { id: `nudge-${name}`, label: `Move ${name} 1 px`, group: 'Edit', keys: [key], when },
    { id: `nudge-${name}-10`, label: `Move ${name} 10 px`, group: 'Edit', keys: [`Shift+${key}`], when },
  ];
});

const digits = (id: string, label: string, type: ApplicationType): Action[] =>
  Array.from({ length: 9 }, (_, i) => ({
    id: `${id}-${i + 1}`,
    label: `${label} ${i + 1}`,
    group: 'Answer',
    keys: [String(i + 1)],
    when: isType(type),
  }));

/**
 * The labelling workspace's actions. The UI performs them by id (for example `nudge-left-10`, `choose-3`,
 * `toggle-2`); `?` shows `describeShortcuts(LABELLING_ACTIONS)`.
 */
export const LABELLING_ACTIONS: readonly Action[] = [
  { id: 'submit', label: 'Send answer and go to the next item', group: 'Answer', keys: ['Enter'] },
  {
    id: 'reject',
    label: 'Not there (answer False)',
    group: 'Answer',
    keys: ['x'],
    when: isType('detection_fullframe', 'box_detection', 'static_count', 'offset_x', 'offset_y', 'point'),
  },
  { id: 'previous-item', label: 'Back to the previous item', group: 'Answer', keys: ['Alt+ArrowLeft'] },
  ...digits('choose', 'Choose class', 'classification'),
  ...digits('toggle', 'Toggle subject', 'detection_fullframe'),
  { id: 'count-up', label: 'Count one more', group: 'Answer', keys: ['+', '='], when: isType('static_count') },
  { id: 'count-down', label: 'Count one less', group: 'Answer', keys: ['-'], when: isType('static_count') },
  { id: 'undo', label: 'Undo', group: 'Edit', keys: ['Mod+Z'] },
  { id: 'redo', label: 'Redo', group: 'Edit', keys: ['Mod+Shift+Z', 'Mod+Y'] },
  { id: 'select-next', label: 'Select next', group: 'Edit', keys: ['Tab'], when: selectable },
  { id: 'select-previous', label: 'Select previous', group: 'Edit', keys: ['Shift+Tab'], when: selectable },
  { id: 'delete', label: 'Delete selected', group: 'Edit', keys: ['Delete', 'Backspace'], when: withSelection },
  { id: 'duplicate', label: 'Duplicate selected box', group: 'Edit', keys: ['Mod+D'], when: (ctx) => ctx.type === 'box_detection' && ctx.hasSelection },
  ...nudges,
  { id: 'cancel', label: 'Cancel drawing, clear selection', group: 'Edit', keys: ['Escape'] },
  { id: 'fit-view', label: 'Fit image to view', group: 'View', keys: ['0', 'f'] },
  { id: 'zoom-in', label: 'Zoom in', group: 'View', keys: ['+', '='], when: notCounting },
  { id: 'zoom-out', label: 'Zoom out', group: 'View', keys: ['-'], when: notCounting },
  { id: 'zoom-actual', label: 'Zoom to 1:1 (one image pixel per screen pixel)', group: 'View', keys: ['1'], when: digitsFree },
  { id: 'toggle-marks', label: 'Hide or show the proposal and marks', group: 'View', keys: ['h'] },
  { id: 'help', label: 'Show shortcuts', group: 'Help', keys: ['?'] },
];
