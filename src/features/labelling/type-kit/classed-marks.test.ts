import { applyToolChange } from '../testing/labelling-types';
import { commit, createHistory, undo } from '../workspace/history';
import { imagePoint } from '../geometry/types';
import { boxDetection, boxList, type BoxAnnotation, type ClassedBox } from '../types/box-detection/module';
import { atFloor, classifySelected, confirmed, proposalTally, withClasses, withoutProposals } from './classed-marks';
import { point, type PointAnnotation } from '../types/point/module';
import { makeApp, makeRequest } from '../testing/fixtures';

const bounds = { x0: 0, y0: 0, x1: 200, y1: 200 };
const box = (x0: number, subject_uid: string, probability?: number): ClassedBox => ({
  x0,
  y0: 0,
  x1: x0 + 10,
  y1: 10,
  subject_uid,
  ...(probability === undefined ? {} : { probability }),
});
/** Three of the model's boxes (90 %, 40 %, 20 %) and one of the labeller's. */
const annotation: BoxAnnotation = {
  type: 'box_detection',
  subjects: ['cat', 'dog'],
  bounds,
  boxes: [box(0, 'cat', 0.9), box(20, 'dog', 0.4), box(40, 'cat', 0.2), box(60, 'dog')],
  setAside: [],
  selected: null,
};
const xs = (boxes: readonly ClassedBox[]) => boxes.map((b) => b.x0);

describe('the confidence floor', () => {
  it('sets the model’s marks under it aside, most likely first, and keeps the labeller’s', () => {
    const at50 = atFloor(boxList, annotation, 0.5);
    expect(xs(at50.boxes)).toEqual([0, 60]);
    expect(xs(at50.setAside)).toEqual([20, 40]);
    expect(proposalTally(boxList, at50)).toEqual({ shown: 1, total: 3 });
    expect(atFloor(boxList, at50, 0.5)).toBe(at50);
    expect(atFloor(boxList, annotation, 0)).toBe(annotation);
  });

  it('brings set-aside marks back when it is lowered, and leaves them out of the answer while they are aside', () => {
    const at50 = atFloor(boxList, annotation, 0.5);
    const answered = boxDetection.answer(at50);
    expect(answered).toEqual([
      { subject_uid: 'cat', result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 0, y0: 0, x1: 10, y1: 10 } }] },
      { subject_uid: 'dog', result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 60, y0: 0, x1: 70, y1: 10 } }] },
    ]);
    const at30 = atFloor(boxList, at50, 0.3);
    expect(xs(at30.boxes)).toEqual([0, 60, 20]);
    expect(xs(at30.setAside)).toEqual([40]);
    expect(proposalTally(boxList, atFloor(boxList, at30, 0))).toEqual({ shown: 3, total: 3 });
  });

  it('keeps the selection on its mark, and drops it when its mark is set aside', () => {
    expect(atFloor(boxList, { ...annotation, selected: 3 }, 0.5).selected).toBe(1);
    expect(atFloor(boxList, { ...annotation, selected: 1 }, 0.5).selected).toBeNull();
  });
});

describe('all proposals at once', () => {
  it('deletes every mark of the model, shown or aside, in one undo step; the labeller’s stay', () => {
    const at50 = atFloor(boxList, { ...annotation, selected: 3 }, 0.5);
    let history = createHistory(at50);
    history = commit(history, withoutProposals(boxList, history.present));
    expect(xs(history.present.boxes)).toEqual([60]);
    expect(history.present.setAside).toEqual([]);
    expect(history.present.selected).toBe(0);
    expect(undo(history).present).toBe(at50);
    const none = { ...annotation, boxes: [box(1, 'cat')] };
    expect(withoutProposals(boxList, none)).toBe(none);
  });

  it('confirms the shown marks as the labeller’s: no probability, nothing aside', () => {
    const answered = confirmed(boxList, atFloor(boxList, annotation, 0.5));
    expect(answered.boxes).toEqual([{ x0: 0, y0: 0, x1: 10, y1: 10, subject_uid: 'cat' }, box(60, 'dog')]);
    expect(answered.setAside).toEqual([]);
    expect(atFloor(boxList, answered, 0.95)).toBe(answered);
  });
});

describe('classes', () => {
  it('gives a tool’s new mark the picked class; a moved one keeps its class and becomes the labeller’s', () => {
    const drawn = applyToolChange(annotation, { kind: 'boxes', boxes: [...annotation.boxes, { x0: 100, y0: 100, x1: 150, y1: 150 }], selected: 4 }, 'dog');
    expect((drawn as BoxAnnotation).boxes[4]).toEqual({ x0: 100, y0: 100, x1: 150, y1: 150, subject_uid: 'dog' });
    expect((drawn as BoxAnnotation).boxes[0]).toBe(annotation.boxes[0]);
    const moved = withClasses([{ x0: 5, y0: 0, x1: 15, y1: 10 }, ...annotation.boxes.slice(1)], annotation.boxes, 'dog');
    expect(moved[0]).toEqual({ x0: 5, y0: 0, x1: 15, y1: 10, subject_uid: 'cat' });
    expect(moved[1]).toBe(annotation.boxes[1]);
  });

  it('moves the selected mark into another class (as the labeller’s), and nothing without a selection', () => {
    const changed = classifySelected(boxList, { ...annotation, selected: 0 }, 'dog');
    expect(changed.boxes[0]).toEqual({ x0: 0, y0: 0, x1: 10, y1: 10, subject_uid: 'dog' });
    expect(changed.boxes[1]).toBe(annotation.boxes[1]);
    expect(classifySelected(boxList, annotation, 'dog')).toBe(annotation);
    const own = { ...annotation, selected: 3 };
    expect(classifySelected(boxList, own, 'dog')).toBe(own);
  });

  it('keeps the class of points a tool removes around, and gives new points the picked class', () => {
    const app = makeApp({ type: 'point', output_subjects: ['cat', 'dog'] });
    const start = point.initial(app, makeRequest('m', [{ subject_uid: 'dog', probability: 0.8, app_data_type: 'point', app_data: [{ x: 1, y: 1 }, { x: 5, y: 5 }] }])) as PointAnnotation;
    const removed = point.tool!.apply(start, { kind: 'points', points: [start.points[1]!], selected: null }, 'cat') as PointAnnotation;
    expect(removed.points).toEqual([{ x: 5, y: 5, subject_uid: 'dog', probability: 0.8 }]);
    const added = point.tool!.apply(removed, { kind: 'points', points: [...removed.points, imagePoint(9, 9)], selected: 1 }, 'cat') as PointAnnotation;
    expect(added.points[1]).toEqual({ x: 9, y: 9, subject_uid: 'cat' });
  });
});

describe('drafts of an older version', () => {
  it('become annotations of today’s shape, their marks the labeller’s', () => {
    const old = { type: 'box_detection' as const, subject_uid: 'cat', bounds, boxes: [{ x0: 1, y0: 2, x1: 3, y1: 4 }], selected: 0 };
    expect(boxDetection.revive!(old)).toEqual({ type: 'box_detection', subjects: ['cat'], bounds, boxes: [{ x0: 1, y0: 2, x1: 3, y1: 4, subject_uid: 'cat' }], setAside: [], selected: null });
    expect(boxDetection.revive!(annotation)).toBe(annotation);
    const oldPoints = { type: 'point' as const, subject_uid: 'cat', bounds, points: [{ x: 1, y: 2 }], selected: null };
    expect(point.revive!(oldPoints)).toMatchObject({ points: [{ x: 1, y: 2, subject_uid: 'cat' }] });
    expect(boxDetection.revive!({ type: 'box_detection' })).toBeNull();
  });
});
