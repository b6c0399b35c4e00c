import { renderHook } from '@testing-library/react';
import { HeldKeys, useHeldKeys } from './held-keys';

const press = (key: string) => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false });
const keyDown = (key: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key }));

describe('held keys', () => {
  it('gives the presses back in order, and forgets them when nothing happened for 10 s', () => {
    const held = new HeldKeys();
    held.hold(press('Enter'), 0);
    held.hold(press('x'), 9_000);
    expect(held.take(18_000)?.key).toBe('Enter');
    expect(held.waiting(27_000)).toBe(true);
    expect(held.waiting(28_001)).toBe(false);
  });

  it('holds what is pressed between two workspaces, not before the first, nor while nothing is coming', () => {
    const { result, rerender } = renderHook(({ nothingComing }) => useHeldKeys(nothingComing), { initialProps: { nothingComing: false } });
    const held = result.current;
    keyDown('Enter');
    expect(held.waiting()).toBe(false);
    held.attach();
    held.detach();
    keyDown('Enter');
    keyDown('x');
    expect([held.take()?.key, held.take()?.key]).toEqual(['Enter', 'x']);
    keyDown('Enter');
    rerender({ nothingComing: true });
    keyDown('x');
    expect(held.waiting()).toBe(false);
  });
});
