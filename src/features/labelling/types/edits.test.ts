import { applyToolChange as applyChange } from '../testing/labelling-types';
import { imagePoint } from '../geometry/types';
import type { BoxAnnotation } from './box-detection/module';
import { boxList, duplicateSelected } from './box-detection/module';
import { chooseClass, chooseNone } from './classification/module';
import { toggleSubject } from '../type-kit/yes-no-subjects';
import type { OffsetAnnotation } from './offset/module';
import { nudgeOffset, setOffset } from './offset/module';
import type { PointAnnotation } from './point/module';
import { pointList } from './point/module';
import { deleteSelected, nudgeSelected, selectNext } from '../type-kit/selection';
import type { CountAnnotation } from './static-count/module';
import { changeCount, setCount } from './static-count/module';

const bounds = { x0: 0, y0: 0, x1: 100, y1: 100 };
const boxes: BoxAnnotation = {
  type: 'box_detection',
  subjects: ['cat'],
  bounds,
  boxes: [
    { x0: 0, y0: 0, x1: 10, y1: 10, subject_uid: 'cat' },
    { x0: 85, y0: 85, x1: 95, y1: 95, subject_uid: 'cat' },
  ],
  setAside: [],
  selected: null,
};

describe('edit operations', () => {
  it('cycles the selection forwards and backwards', () => {
    const first = selectNext(boxList, boxes, 1);
    expect(first.selected).toBe(0);
    expect(selectNext(boxList, selectNext(boxList, first, 1), 1).selected).toBe(0);
    expect(selectNext(boxList, boxes, -1).selected).toBe(1);
  });

  it('nudges the selected box within the bounds, sharing the untouched boxes', () => {
    const moved = nudgeSelected(boxList, { ...boxes, selected: 1 }, 10, 1);
    expect(moved.boxes[1]).toEqual({ x0: 90, y0: 86, x1: 100, y1: 96, subject_uid: 'cat' });
    expect(moved.boxes[0]).toBe(boxes.boxes[0]);
    expect(nudgeSelected(boxList, boxes, 1, 0)).toBe(boxes);
  });

  it('duplicates and deletes the selected box, keeping a neighbour selected', () => {
    const copied = duplicateSelected({ ...boxes, selected: 0 });
    expect(copied.boxes[2]).toEqual({ x0: 10, y0: 10, x1: 20, y1: 20, subject_uid: 'cat' });
    expect(copied.selected).toBe(2);
    const deleted = deleteSelected(boxList, copied);
    expect(deleted.boxes).toHaveLength(2);
    expect(deleted.selected).toBe(1);
  });

  it('nudges and deletes points', () => {
    const points: PointAnnotation = { type: 'point', subjects: ['cat'], bounds, points: [{ ...imagePoint(1, 1), subject_uid: 'cat' }], setAside: [], selected: 0 };
    expect(nudgeSelected(pointList, points, -10, 1).points).toEqual([{ x: 0, y: 2, subject_uid: 'cat' }]);
    expect(deleteSelected(pointList, points)).toMatchObject({ points: [], selected: null });
  });

  it('sets counts as non-negative integers; each marker placed counts one more, each removed one less', () => {
    const count: CountAnnotation = { type: 'static_count', subject_uid: 'cat', bounds, count: 2, markers: [] };
    expect(changeCount(count, -5).count).toBe(0);
    expect(setCount(count, 3.6).count).toBe(4);
    expect(setCount(count, Number.NaN)).toBe(count);
    const marked = applyChange(count, { kind: 'points', points: [imagePoint(1, 1), imagePoint(2, 2), imagePoint(3, 3)], selected: null });
    expect(marked).toMatchObject({ count: 5 });
    expect(applyChange(marked, { kind: 'points', points: [imagePoint(1, 1)], selected: null })).toMatchObject({ count: 3 });
  });

  it('sets and nudges offsets inside the media', () => {
    const offset: OffsetAnnotation = { type: 'offset_y', subject_uid: 'cat', bounds: { ...bounds, y1: 50 }, offset: null };
    expect(nudgeOffset(offset, 1).offset).toBe(1);
    expect(setOffset(offset, 75).offset).toBe(50);
    expect(applyChange(offset, { kind: 'offset', offset: 12 })).toMatchObject({ offset: 12 });
  });

  it('toggles subjects and chooses classes by index', () => {
    const fullframe = { type: 'detection_fullframe' as const, subjects: [{ subject_uid: 'a', present: false }] };
    expect(toggleSubject(fullframe, 0).subjects[0]?.present).toBe(true);
    expect(toggleSubject(fullframe, 5)).toBe(fullframe);
    const classification = { type: 'classification' as const, options: ['a', 'b'], choice: null };
    expect(chooseClass(classification, 1).choice).toBe('b');
    expect(chooseClass(classification, 2)).toBe(classification);
    const none = chooseNone(chooseClass(classification, 1));
    expect(none).toMatchObject({ choice: null, none: true });
    expect(chooseNone(none)).toBe(none);
    expect(chooseClass(none, 0)).toMatchObject({ choice: 'a', none: false });
  });

  it('ignores a change meant for another type', () => {
    expect(applyChange(boxes, { kind: 'offset', offset: 3 })).toBe(boxes);
  });
});
