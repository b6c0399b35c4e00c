// "Find more like these" in each type that has it: which boxes are the exemplars, and how the finds join the marks.
import type { ExemplarMarks } from '../contract/type-module';
import { imagePoint } from '../geometry/types';
import { applyToolChange } from '../testing/labelling-types';
import { boxDetection, type BoxAnnotation } from './box-detection/module';
import { point, type PointAnnotation } from './point/module';
import { staticCount, type CountAnnotation } from './static-count/module';

// The registry holds modules with their annotations' type erased: each test reads its type's capability as typed.
const typed = <A>(module: { readonly exemplars?: unknown }) => module.exemplars as ExemplarMarks<A>;
const boxFinds = typed<BoxAnnotation>(boxDetection);
const countFinds = typed<CountAnnotation>(staticCount);
const pointFinds = typed<PointAnnotation>(point);

const bounds = { x0: 0, y0: 0, x1: 400, y1: 300 };
const box = (x0: number, y0: number, size = 20) => ({ x0, y0, x1: x0 + size, y1: y0 + size });
const boxSet = (...regions: { box: ReturnType<typeof box>; probability: number }[]) => ({
  subject_uid: 'coin',
  probability: 0.9,
  app_data_type: 'box_set',
  app_data: regions,
});

describe('box_detection exemplars', () => {
  const boxes: BoxAnnotation = {
    type: 'box_detection',
    subjects: ['coin', 'screw'],
    bounds,
    boxes: [
      { ...box(10, 10), subject_uid: 'coin' },
      { ...box(50, 10), subject_uid: 'screw' },
      { ...box(200, 200), subject_uid: 'coin', probability: 0.8 },
      { ...box(90, 10), subject_uid: 'coin' },
    ],
    setAside: [{ ...box(300, 10), subject_uid: 'coin', probability: 0.2 }],
    selected: null,
  };
  const exemplars = boxFinds;

  it("are the labeller's boxes of the newest box's subject (the model's proposals are not)", () => {
    expect(exemplars.of(boxes)).toEqual({ subjectUid: 'coin', boxes: [box(10, 10), box(90, 10)].map((b) => ({ ...b, subject_uid: 'coin' })) });
  });

  it("are the selected box's subject's when one of the labeller's is selected", () => {
    expect(exemplars.of({ ...boxes, selected: 1 })?.subjectUid).toBe('screw');
  });

  it('are none while the labeller has drawn no box', () => {
    expect(exemplars.of({ ...boxes, boxes: boxes.boxes.filter((b) => b.probability !== undefined) })).toBeNull();
  });

  it("adds the finds as the model's proposals of the subject, leaving out those on a box already there, shown or set aside", () => {
    const found = boxSet(
      { box: box(10, 10), probability: 1 },
      { box: box(202, 201), probability: 0.7 },
      { box: box(301, 10), probability: 0.6 },
      { box: box(150, 100), probability: 0.55 },
    );
    const { annotation, added } = exemplars.withFinds(boxes, found, exemplars.of(boxes)!);
    expect(added).toBe(1);
    expect(annotation.boxes).toEqual([...boxes.boxes, { ...box(150, 100), subject_uid: 'coin', probability: 0.55 }]);
    expect(exemplars.withFinds(boxes, boxSet(), exemplars.of(boxes)!)).toEqual({ annotation: boxes, added: 0 });
  });
});

describe('static_count exemplars', () => {
  const count: CountAnnotation = { type: 'static_count', subject_uid: 'coin', bounds, count: 1, markers: [imagePoint(300, 250)], proposed: [imagePoint(300, 250)] };
  const framed = (annotation: CountAnnotation, b: ReturnType<typeof box>) => applyToolChange(annotation, { kind: 'exemplar', box: b }) as CountAnnotation;

  it('counts the object an exemplar box is drawn around, unless a marker is on it already', () => {
    const one = framed(count, box(10, 10));
    expect(one).toMatchObject({ count: 2, markers: [imagePoint(300, 250), imagePoint(20, 20)], exemplars: [box(10, 10)] });
    const again = framed(one, box(290, 240));
    expect(again).toMatchObject({ count: 2, exemplars: [box(10, 10), box(290, 240)] });
    expect(countFinds.of(again)).toEqual({ subjectUid: 'coin', boxes: [box(10, 10), box(290, 240)] });
    expect(countFinds.of(count)).toBeNull();
  });

  it("adds a marker for each object found that none marks yet, the model's, and the count follows", () => {
    const start = framed(framed(count, box(10, 10)), box(60, 10));
    const exemplars = countFinds.of(start)!;
    // The exemplars themselves, the model's marker again (3 px off), and two new objects.
    const counted = [imagePoint(20, 20), imagePoint(70, 20), imagePoint(303, 250), imagePoint(120, 20), imagePoint(200, 150)];
    const found = { subject_uid: 'coin', probability: 0.9, app_data_type: 'count', app_data: counted.length, counted };
    const { annotation, added } = countFinds.withFinds(start, found, exemplars);
    expect(added).toBe(2);
    expect(annotation.count).toBe(start.count + 2);
    expect(annotation.markers).toEqual([...start.markers, imagePoint(120, 20), imagePoint(200, 150)]);
    expect(staticCount.objects!.byModel!(annotation, annotation.markers.length - 1)).toBe(true);
  });

  it('keeps a count the labeller typed moving with the markers', () => {
    const start = { ...framed(count, box(10, 10)), count: 10 };
    const found = { subject_uid: 'coin', probability: 0.9, app_data_type: 'count', app_data: 1, counted: [imagePoint(200, 150)] };
    expect(countFinds.withFinds(start, found, countFinds.of(start)!).annotation.count).toBe(11);
  });
});

describe('point exemplars', () => {
  const points: PointAnnotation = {
    type: 'point',
    subjects: ['coin', 'screw'],
    bounds,
    points: [{ ...imagePoint(300, 250), subject_uid: 'coin' }],
    setAside: [],
    selected: null,
  };

  it('places a point of the class on the object an exemplar box is drawn around, and searches with that class', () => {
    const one = applyToolChange(points, { kind: 'exemplar', box: box(10, 10) }, 'screw') as PointAnnotation;
    expect(one.points.at(-1)).toEqual({ ...imagePoint(20, 20), subject_uid: 'screw' });
    expect(pointFinds.of(one)).toEqual({ subjectUid: 'screw', boxes: [{ ...box(10, 10), subject_uid: 'screw' }] });
  });

  it("adds the points found as the model's, leaving out objects a point of the class marks already", () => {
    const start = applyToolChange(points, { kind: 'exemplar', box: box(290, 240) }, 'coin') as PointAnnotation;
    expect(start.points).toHaveLength(1);
    const found = { subject_uid: 'coin', probability: 0.8, app_data_type: 'point', app_data: [imagePoint(300, 250), imagePoint(100, 100)] };
    const { annotation, added } = pointFinds.withFinds(start, found, pointFinds.of(start)!);
    expect(added).toBe(1);
    expect(annotation.points.at(-1)).toEqual({ ...imagePoint(100, 100), subject_uid: 'coin', probability: 0.8 });
  });
});
