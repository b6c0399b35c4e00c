import { clickAt, IDLE, moveEnd, sideLabels } from './line-drawing';

describe('drawing counting lines', () => {
  it('adds a line after two clicks, named after the lines there are', () => {
    const first = clickAt(IDLE, [], { x: 10, y: 20 });
    expect(first.gesture).toEqual({ mode: 'placing', start: { x: 10, y: 20 } });
    expect(clickAt(first.gesture, first.lines, { x: 10, y: 20 }).gesture).toBe(first.gesture);
    const second = clickAt(first.gesture, [{ name: 'Line 2', start: { x: 0, y: 0 }, end: { x: 1, y: 1 } }], { x: 50, y: 20 });
    expect(second.gesture).toBe(IDLE);
    expect(second.lines[1]).toEqual({ name: 'Line 3', start: { x: 10, y: 20 }, end: { x: 50, y: 20 } });
  });

  it('moves an end in whole pixels inside the picture', () => {
    const lines = [{ name: 'Door', start: { x: 0, y: 0 }, end: { x: 5, y: 5 } }];
    expect(moveEnd(lines, 0, 'end', { x: 500.4, y: -3 }, { width: 384, height: 288 })[0]!.end).toEqual({ x: 383, y: 0 });
  });

  it('puts side A on the left of the line seen from its start, as the service counts', () => {
    // Drawn downwards, the line's left is towards +x on an image whose y points down.
    const { a, b } = sideLabels({ name: 'Door', start: { x: 100, y: 0 }, end: { x: 100, y: 200 } }, 10);
    expect(a).toEqual({ x: 110, y: 100 });
    expect(b).toEqual({ x: 90, y: 100 });
  });
});
