import { describe, expect, it } from 'vitest';
import { describeShortcuts } from '../shortcuts/registry';
import { LABELLING_ACTIONS } from '../shortcuts/labelling-actions';
import { collapseDigitRows } from './shortcuts-dialog';

describe('collapseDigitRows', () => {
  const answer = describeShortcuts(LABELLING_ACTIONS, { isMac: false }).find((g) => g.group === 'Answer')!.actions;

  it('shows each run of nine digit actions as one row with the key range', () => {
    const rows = collapseDigitRows(answer);
    expect(rows.filter((r) => /^(choose|toggle)-/.test(r.id))).toEqual([
      expect.objectContaining({ id: 'choose-1', label: 'Choose class', keys: ['1–9'] }),
      expect.objectContaining({ id: 'toggle-1', label: 'Toggle subject', keys: ['1–9'] }),
    ]);
  });

  it('keeps every other action as it is', () => {
    const others = answer.filter((a) => !/^(choose|toggle)-/.test(a.id));
    expect(collapseDigitRows(answer).filter((r) => !/^(choose|toggle)-/.test(r.id))).toEqual(others);
  });
});
