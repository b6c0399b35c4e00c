import { visibleIn } from '../geometry/box';
import type { Box } from '../geometry/types';
import { boxDetection, type BoxAnnotation } from '../types/box-detection/module';
import type { MarksScene } from './draw-marks';
import { changedMarkAreas, marksReaching, paintedExtent } from './marks-damage';

const box = (x0: number, y0: number) => ({ x0, y0, x1: x0 + 30, y1: y0 + 30, subject_uid: 'cat' });
const annotation: BoxAnnotation = {
  type: 'box_detection',
  subjects: ['cat', 'dog'],
  bounds: { x0: 0, y0: 0, x1: 1000, y1: 1000 },
  boxes: [box(0, 0), box(100, 100), box(500, 500)],
  setAside: [],
  selected: 0,
};
const scene: MarksScene = {
  module: boxDetection,
  annotation,
  dragged: null,
  hidden: new Set(),
  thresholdOf: () => 0.5,
  subjectName: (uid) => uid,
  focus: null,
  media: { width: 1000, height: 1000 },
};
const withBoxes = (boxes: BoxAnnotation['boxes'], selected: number | null = annotation.selected) => ({ ...scene, annotation: { ...annotation, boxes, selected } });

describe('changedMarkAreas', () => {
  it('is the dragged mark when a gesture starts moving it', () => {
    expect(changedMarkAreas(scene, { ...scene, dragged: 1 })).toEqual([box(100, 100), box(100, 100)]);
  });

  it('is where a moved mark was and where it is, once the gesture ends', () => {
    const moved = box(700, 40);
    const during = { ...scene, dragged: 1 };
    const after = withBoxes([annotation.boxes[0]!, moved, annotation.boxes[2]!]);
    expect(changedMarkAreas(during, after)).toEqual([box(100, 100), moved]);
  });

  it('is the old and the new selected mark when the selection changes, and the marks hidden or shown', () => {
    expect(changedMarkAreas(scene, withBoxes(annotation.boxes, 2))).toEqual([box(0, 0), box(0, 0), box(500, 500), box(500, 500)]);
    expect(changedMarkAreas(scene, { ...scene, hidden: new Set([2]) })).toEqual([box(500, 500), box(500, 500)]);
    expect(changedMarkAreas(scene, { ...scene })).toEqual([]);
  });

  it('asks for everything when more than some marks changed', () => {
    expect(changedMarkAreas(scene, withBoxes([...annotation.boxes, box(900, 900)]))).toBeNull();
    expect(changedMarkAreas(scene, { ...scene, annotation: { ...annotation, subjects: ['cat'] } as BoxAnnotation })).toBeNull();
    expect(changedMarkAreas(scene, { ...scene, focus: { x0: 0, y0: 0, x1: 500, y1: 500 } })).toBeNull();
    expect(changedMarkAreas(scene, { ...scene, thresholdOf: () => 0.9 })).toBeNull();
    const many = Array.from({ length: 40 }, (_, i) => box(i * 20, 0));
    expect(changedMarkAreas(withBoxes(many), withBoxes(many.map((b) => ({ ...b }))))).toBeNull();
  });
});

describe('paintedExtent and marksReaching', () => {
  it('find exactly the marks whose painting reaches into a part', () => {
    const part: Box = { x0: 400, y0: 400, x1: 420, y1: 410 };
    const scale = 0.5;
    const reaching = marksReaching(part, scale);
    for (const x0 of [-300, 0, 200, 380, 400, 430, 500]) {
      for (const y0 of [300, 360, 390, 420, 430, 480]) {
        const mark = { x0, y0, x1: x0 + 10, y1: y0 + 10 };
        expect(visibleIn(mark, reaching)).toBe(visibleIn(paintedExtent(mark, scale), part));
      }
    }
  });
});
