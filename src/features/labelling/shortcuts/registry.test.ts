import type { ActionContext, AnyTypeModule } from '../contract/type-module';
import { LABELLING_TYPES } from '../testing/labelling-types';
import { actionsOf, helpOf } from './workspace-actions';
import { describeHints, describeShortcuts, displayCombo, findConflicts, matchAction } from '../../../lib/shortcuts/registry';
import type { KeyboardEventLike } from '../../../lib/shortcuts/registry';

const windows = { isMac: false };
const mac = { isMac: true };
const key = (k: string, mods: Partial<KeyboardEventLike> = {}): KeyboardEventLike => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

/** A context in which every action of a type is enabled (as far as `when` goes): a selection, history, a queue. */
function contextFor(module: AnyTypeModule, enabled = true): ActionContext {
  const noop = () => {};
  const reading = { text: 'LOT 1', confidence: 0.5 };
  const annotation = { type: module.type, selected: enabled ? 0 : null, boxes: [], points: [], reading, text: enabled ? 'LOT 2' : reading.text } as never;
  return {
    annotation,
    edit: noop,
    canvas: { fitToView: noop, zoomBy: noop, actualSize: noop, cancel: () => false },
    canSkip: enabled,
    imageShown: true,
    canGoBack: enabled,
    canUndo: enabled,
    canRedo: enabled,
    classCount: enabled ? 9 : 1,
    proposals: enabled ? { shown: 2, total: 3 } : null,
    frames: enabled ? { frame: 5, previous: { frame: 0, boxes: [] }, next: { frame: 10, boxes: [] } } : null,
    finding: false,
    workspace: {
      accept: noop,
      pickClass: noop,
      moveFloor: noop,
      reject: noop,
      skip: noop,
      previous: noop,
      undo: noop,
      redo: noop,
      toggleMarks: noop,
      showHelp: noop,
      cancel: noop,
      findMore: noop,
    },
  };
}

const moduleOfType = (type: string) => LABELLING_TYPES.typeModule(type)!;
const match = (type: string, event: KeyboardEventLike, platform = windows) =>
  matchAction(actionsOf(moduleOfType(type)), event, contextFor(moduleOfType(type)), platform)?.id ?? null;

describe('the workspace key registry', () => {
  it('gives no key two meanings within any one application type', () => {
    for (const module of LABELLING_TYPES.modules) {
      for (const [enabled, classes, frames] of [[true, true, true], [true, false, false], [false, false, true]]) {
        expect({ type: module.type, conflicts: findConflicts(actionsOf(module, { classes, frames }), contextFor(module, enabled)) }).toEqual({
          type: module.type,
          conflicts: [],
        });
      }
    }
    const clash = [
      { id: 'a', label: 'A', group: 'G', keys: ['Mod+K'] },
      { id: 'b', label: 'B', group: 'G', keys: ['Mod+k'] },
    ];
    expect(findConflicts(clash, {})).toEqual(['Mod+k: a and b']);
  });

  it('matches plain keys, Shift combos and Mod as Ctrl or Cmd by platform', () => {
    expect(match('box_detection', key('Enter'))).toBe('submit');
    expect(match('box_detection', key('ArrowLeft'))).toBe('nudge-left');
    expect(match('box_detection', key('ArrowLeft', { shiftKey: true }))).toBe('nudge-left-10');
    expect(match('box_detection', key('z', { ctrlKey: true }))).toBe('undo');
    expect(match('box_detection', key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(match('box_detection', key('z', { metaKey: true }))).toBeNull();
    expect(match('box_detection', key('z', { metaKey: true }), mac)).toBe('undo');
    expect(match('box_detection', key('?', { shiftKey: true }))).toBe('help');
  });

  it('gives each type only its own actions: a digit chooses a class or toggles a subject, and nothing elsewhere', () => {
    expect(match('classification', key('3'))).toBe('choose-3');
    expect(match('detection_fullframe', key('3'))).toBe('toggle-3');
    expect(match('box_detection', key('3'))).toBeNull();
    expect(match('classification', key('x'))).toBeNull();
    expect(match('classification', key('d', { ctrlKey: true }))).toBeNull();
    expect(match('offset_y', key('ArrowUp'))).toBe('nudge-up');
    expect(match('offset_y', key('ArrowLeft'))).toBeNull();
    expect(match('static_count', key('ArrowUp'))).toBe('count-up');
    expect(match('static_count', key('+'))).toBe('zoom-in');
    expect(match('point', key('s'))).toBe('skip');
  });

  it('answers from a number field with Enter and leaves it with Escape; other keys stay with the field', () => {
    const number = Object.assign(document.createElement('input'), { type: 'number' });
    const text = document.createElement('input');
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    expect(match('static_count', key('Enter', { target: number }))).toBe('submit');
    expect(match('static_count', key('Escape', { target: number }))).toBe('cancel');
    expect(match('static_count', key('ArrowUp', { target: number }))).toBeNull();
    expect(match('offset_x', key('x', { target: number }))).toBeNull();
    expect(match('box_detection', key('Enter', { target: text }))).toBeNull();
    expect(match('box_detection', key('Escape', { target: text }))).toBe('cancel');
    expect(match('box_detection', key('Enter', { target: checkbox }))).toBe('submit');
  });

  it('lists one type’s shortcuts for the help overlay, digits as one row, with platform key names', () => {
    const groups = describeShortcuts(actionsOf(moduleOfType('classification')), mac);
    expect(groups.map((g) => g.group)).toEqual(['Answer', 'Edit', 'View', 'Help']);
    const answer = groups.find((g) => g.group === 'Answer')!.actions;
    expect(answer.filter((row) => row.id === 'choose')).toEqual([{ id: 'choose', label: 'Choose class', keys: ['1–9'] }]);
    expect(answer.some((row) => row.id === 'reject')).toBe(false);
    const edit = groups.find((g) => g.group === 'Edit')!.actions;
    expect(edit.find((a) => a.id === 'redo')?.keys).toEqual(['⌘⇧Z', '⌘Y']);
    expect(edit.some((a) => a.id === 'duplicate')).toBe(false);
    expect(displayCombo('Mod+Shift+Z', windows)).toBe('Ctrl+Shift+Z');
    expect(displayCombo('Shift+ArrowLeft', windows)).toBe('Shift+←');
    expect(displayCombo('Escape', windows)).toBe('Esc');
  });

  it('lists the pointer gestures of a drawing type last, which no keystroke performs', () => {
    const boxes = moduleOfType('box_detection');
    const groups = describeShortcuts(helpOf(boxes), windows);
    expect(groups.at(-1)).toMatchObject({ group: 'Mouse' });
    expect(groups.at(-1)!.actions.map((row) => row.keys)).toEqual([['Shift+Click'], ['Shift+Drag'], ['Alt+Drag']]);
    expect(describeShortcuts(helpOf(boxes), mac).at(-1)!.actions[1]!.keys).toEqual(['⇧Drag']);
    expect(describeShortcuts(helpOf(moduleOfType('classification')), windows).some((g) => g.group === 'Mouse')).toBe(false);
    expect(matchAction(actionsOf(boxes), key('Click', { shiftKey: true }), contextFor(boxes), windows)).toBeNull();
  });

  it('lists Copy previous frame (C) and Interpolate (I) only for a video frame of a box type', () => {
    const frameKeys = (type: string, frames: boolean) =>
      describeShortcuts(helpOf(moduleOfType(type), { frames }), windows)
        .find((group) => group.group === 'Frames')
        ?.actions.map((row) => row.keys);
    expect(frameKeys('box_detection', true)).toEqual([['C'], ['I']]);
    expect(frameKeys('box_detection', false)).toBeUndefined();
    expect(frameKeys('point', true)).toBeUndefined();
    const box = moduleOfType('box_detection');
    expect(match('box_detection', key('i'))).toBeNull();
    expect(matchAction(actionsOf(box, { frames: true }), key('i'), contextFor(box), windows)?.id).toBe('interpolate-frames');
    expect(matchAction(actionsOf(box, { frames: true }), key('i'), { ...contextFor(box), frames: { frame: 5, previous: null, next: null } }, windows)).toBeNull();
  });

  it('writes the key hints from the same entries, only for actions that apply', () => {
    const classification = moduleOfType('classification');
    expect(describeHints(actionsOf(classification), contextFor(classification), windows)).toBe(
      'Enter accept · S skip · Alt+← previous · 1–9 choose class · N none of these · 0 fit · H hide marks · ? all shortcuts',
    );
    const box = moduleOfType('box_detection');
    expect(describeHints(actionsOf(box), contextFor(box, false), windows)).toBe('Enter accept · X not present · 0 fit · H hide marks · ? all shortcuts');
    expect(describeHints(actionsOf(box, { classes: true }), contextFor(box), windows)).toBe(
      'Enter accept · X not present · S skip · Alt+← previous · 1–9 class of the selected box, or of the next box · 0 fit · H hide marks · ? all shortcuts',
    );
  });
});
