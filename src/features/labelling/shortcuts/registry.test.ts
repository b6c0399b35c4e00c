import { LABELLING_ACTIONS } from './labelling-actions';
import type { LabellingShortcutContext } from './labelling-actions';
import { describeShortcuts, displayCombo, findConflicts, matchAction } from './registry';
import type { KeyboardEventLike } from './registry';
import { LABELLABLE_TYPES } from '../../../api/types';

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
const boxCtx: LabellingShortcutContext = { type: 'box_detection', hasSelection: true };
const match = (event: KeyboardEventLike, ctx = boxCtx, platform = windows) =>
  matchAction(LABELLING_ACTIONS, event, ctx, platform)?.id ?? null;

describe('shortcut registry', () => {
  it('matches plain keys, Shift combos and Mod as Ctrl or Cmd by platform', () => {
    expect(match(key('Enter'))).toBe('submit');
    expect(match(key('ArrowLeft'))).toBe('nudge-left');
    expect(match(key('ArrowLeft', { shiftKey: true }))).toBe('nudge-left-10');
    expect(match(key('z', { ctrlKey: true }))).toBe('undo');
    expect(match(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(match(key('z', { metaKey: true }))).toBeNull();
    expect(match(key('z', { metaKey: true }), boxCtx, mac)).toBe('undo');
    expect(match(key('?', { shiftKey: true }))).toBe('help');
  });

  it('respects when(): the same digit chooses a class or toggles a subject', () => {
    expect(match(key('3'), { type: 'classification', hasSelection: false })).toBe('choose-3');
    expect(match(key('3'), { type: 'detection_fullframe', hasSelection: false })).toBe('toggle-3');
    expect(match(key('3'))).toBeNull();
    expect(match(key('Delete'), { type: 'box_detection', hasSelection: false })).toBeNull();
    expect(match(key('x'), { type: 'classification', hasSelection: false })).toBeNull();
    expect(match(key('ArrowUp'), { type: 'offset_y', hasSelection: false })).toBe('nudge-up');
  });

  it('never fires inside text fields, except Escape', () => {
    const input = document.createElement('input');
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const textarea = document.createElement('textarea');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    for (const target of [input, textarea, editable, document.createElement('select')]) {
      expect(match(key('Enter', { target }))).toBeNull();
      expect(match(key('Escape', { target }))).toBe('cancel');
    }
    expect(match(key('Enter', { target: checkbox }))).toBe('submit');
    expect(match(key('Enter', { target: document.body }))).toBe('submit');
  });

  it('has no two actions on one key in any context', () => {
    for (const type of LABELLABLE_TYPES) {
      for (const hasSelection of [true, false]) {
        expect(findConflicts(LABELLING_ACTIONS, { type, hasSelection })).toEqual([]);
      }
    }
    const clash = [
      { id: 'a', label: 'A', group: 'G', keys: ['Mod+K'] },
      { id: 'b', label: 'B', group: 'G', keys: ['Mod+k'] },
    ];
    expect(findConflicts(clash, {})).toEqual(['Mod+k: a and b']);
  });

  it('lists shortcuts for the help overlay, grouped, with platform key names', () => {
    const groups = describeShortcuts(LABELLING_ACTIONS, mac);
    expect(groups.map((g) => g.group)).toEqual(['Answer', 'Edit', 'View', 'Help']);
    expect(groups.find((g) => g.group === 'Edit')?.actions.find((a) => a.id === 'redo')?.keys).toEqual(['⌘⇧Z', '⌘Y']);
    expect(displayCombo('Mod+Shift+Z', windows)).toBe('Ctrl+Shift+Z');
    expect(displayCombo('Shift+ArrowLeft', windows)).toBe('Shift+←');
    expect(displayCombo('Escape', windows)).toBe('Esc');
  });
});
