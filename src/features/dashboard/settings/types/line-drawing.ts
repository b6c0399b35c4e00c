import type { CountingLine, LinePoint } from '../../../../api/application-types/line-crossing';

export type LineEnd = 'start' | 'end';

/**
 * The line editor's gesture, as a small state machine: idle; placing (the first end clicked, the second awaited);
 * dragging one end of a line.
 */
export type Gesture = { mode: 'idle' } | { mode: 'placing'; start: LinePoint } | { mode: 'dragging'; index: number; end: LineEnd };

export const IDLE: Gesture = { mode: 'idle' };

/** The first name of the form "Line n" that no line has. */
function freeLineName(lines: readonly CountingLine[]): string {
  const names = new Set(lines.map((line) => line.name));
  let n = lines.length + 1;
  while (names.has(`Line ${n}`)) n += 1;
  return `Line ${n}`;
}

/** A click on the picture: the first end of a new line, or its second, which adds the line. */
export function clickAt(gesture: Gesture, lines: readonly CountingLine[], point: LinePoint): { gesture: Gesture; lines: readonly CountingLine[] } {
  if (gesture.mode !== 'placing') return { gesture: { mode: 'placing', start: point }, lines };
  if (gesture.start.x === point.x && gesture.start.y === point.y) return { gesture, lines };
  return { gesture: IDLE, lines: [...lines, { name: freeLineName(lines), start: gesture.start, end: point }] };
}

/** Moves one end of a line to a point, kept inside the picture. */
export function moveEnd(lines: readonly CountingLine[], index: number, end: LineEnd, point: LinePoint, size: { width: number; height: number }): CountingLine[] {
  const clamped = { x: Math.min(Math.max(Math.round(point.x), 0), size.width - 1), y: Math.min(Math.max(Math.round(point.y), 0), size.height - 1) };
  return lines.map((line, at) => (at === index ? { ...line, [end]: clamped } : line));
}

/** Where the labels of a line's sides go: a little way off its middle, A on its left (seen from start to end), B on its right. */
export function sideLabels(line: CountingLine, distance: number): { a: LinePoint; b: LinePoint } {
  const dx = line.end.x - line.start.x;
  const dy = line.end.y - line.start.y;
  const length = Math.hypot(dx, dy) || 1;
  const middle = { x: (line.start.x + line.end.x) / 2, y: (line.start.y + line.end.y) / 2 };
  // The left normal on an image whose y points down is (dy, −dx).
  const normal = { x: (dy / length) * distance, y: (-dx / length) * distance };
  return { a: { x: middle.x + normal.x, y: middle.y + normal.y }, b: { x: middle.x - normal.x, y: middle.y - normal.y } };
}
