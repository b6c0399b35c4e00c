import { foregroundRegion, type Mask } from './foreground-region';

/** A mask from rows of '#' (foreground) and '.' (background). */
function mask(rows: string[]): Mask {
  const width = rows[0]!.length;
  return { width, height: rows.length, data: Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0)) };
}

const picture = mask([
  '..........',
  '.###......',
  '.###...##.',
  '.###...##.',
  '.......##.',
  '.......##.',
  '.......##.',
]);

describe('the region of a foreground mask', () => {
  it('takes the component under the seed, not the largest one: its box (edges exclusive), centre and area', () => {
    expect(foregroundRegion(picture, { x: 2.5, y: 2.2 })).toEqual({ box: { x0: 1, y0: 1, x1: 4, y1: 4 }, centroid: { x: 2.5, y: 2.5 }, area: 9 });
  });

  it('without a seed, takes the largest component', () => {
    expect(foregroundRegion(picture, null)?.box).toEqual({ x0: 7, y0: 2, x1: 9, y1: 7 });
  });

  it('a seed on a hole of an object takes the object whose box holds it; on background far from any, nothing', () => {
    const ring = mask(['#####', '#...#', '#...#', '#####', '.....', '.....']);
    expect(foregroundRegion(ring, { x: 2, y: 2 })?.box).toEqual({ x0: 0, y0: 0, x1: 5, y1: 4 });
    expect(foregroundRegion(ring, { x: 2, y: 5 })).toBeNull();
  });

  it('keeps diagonal neighbours apart (4-connected), and finds nothing in an empty mask', () => {
    const diagonal = mask(['#.', '.#']);
    expect(foregroundRegion(diagonal, { x: 0, y: 0 })?.area).toBe(1);
    expect(foregroundRegion(mask(['...', '...']), null)).toBeNull();
  });
});
