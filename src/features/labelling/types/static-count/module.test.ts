import { idleTool, runTool } from '../../contract/tool-runner';
import type { Region } from '../../contract/region';
import { imagePoint } from '../../geometry/types';
import { makeApp, makeRequest } from '../../testing/fixtures';
import { applyToolChange, initialAnnotation } from '../../testing/labelling-types';
import { staticCount, typeCount, type CountAnnotation } from './module';

const app = makeApp({ type: 'static_count' });
const counted = [
  { x: 100.4, y: 50 },
  { x: 300, y: 200.6 },
  { x: 500, y: 400 },
];
const item = makeRequest('m1', [{ subject_uid: 'cat', probability: 0.7, app_data_type: 'count', app_data: 3, counted }]);
const start = () => initialAnnotation(app, item) as CountAnnotation;

/** A click on the canvas at image pixel (x, y); `object` is what the canvas finds there. */
function click(annotation: CountAnnotation, x: number, y: number, object: Region | null = null): CountAnnotation {
  let active = idleTool(staticCount);
  let edited = annotation;
  const send = (event: Parameters<typeof runTool>[2]) => {
    const result = runTool(staticCount, active, event, edited, 1);
    active = result.active;
    if (result.commit) edited = applyToolChange(edited, result.commit);
  };
  const point = imagePoint(x, y);
  send({ type: 'pointerDown', point, findsRegions: true });
  send({ type: 'pointerUp', point, findsRegions: true });
  send({ type: 'regionFound', query: { seed: point }, region: object });
  return edited as CountAnnotation;
}

describe('static_count', () => {
  it("starts with a marker on each object the model counted, and the model's count", () => {
    expect(start()).toMatchObject({ count: 3, markers: [imagePoint(100, 50), imagePoint(300, 201), imagePoint(500, 400)] });
  });

  it("names the model's markers the model's in the object list, and a click's marker the labeller's", () => {
    const edited = click(start(), 50, 60);
    const objects = staticCount.objects!;
    expect([0, 1, 2, 3].map((index) => objects.byModel!(edited, index))).toEqual([true, true, true, false]);
  });

  it('keeps the markers inside the focus', () => {
    const focused = initialAnnotation(app, { ...item, focus: { box: { x0: 0, y0: 0, x1: 320, y1: 240 } } }) as CountAnnotation;
    expect(focused.markers).toEqual([imagePoint(100, 50), imagePoint(300, 201), imagePoint(320, 240)]);
  });

  it('counts a clicked object with a marker on its centre, and takes a clicked marker back', () => {
    const person: Region = { box: { x0: 190, y0: 80, x1: 210, y1: 120 }, centroid: { x: 200, y: 100 }, area: 800 };
    const added = click(start(), 195, 90, person);
    expect(added).toMatchObject({ count: 4, markers: [...start().markers, imagePoint(200, 100)] });
    const removed = click(added, 300, 201);
    expect(removed).toMatchObject({ count: 3, markers: [imagePoint(100, 50), imagePoint(500, 400), imagePoint(200, 100)] });
  });

  it('takes a typed count as the answer, whatever the markers', () => {
    const typed = typeCount(start(), 9);
    expect(typed.markers).toHaveLength(3);
    expect(click(typed, 10, 10)).toMatchObject({ count: 10 });
  });
});
