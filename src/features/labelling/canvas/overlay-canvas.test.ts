import { imagePoint } from '../geometry/types';
import type { BoxToolState } from '../types/box-detection/box-tool';
import { boxDetection, type BoxAnnotation } from '../types/box-detection/module';
import { drawOverlay } from './draw-marks';
import { paintedArea } from './overlay-canvas';
import { paintCrosshair, paintSelectedBox } from '../type-kit/paint-overlay';
import { type ActiveTool, idleTool } from '../contract/tool-runner';

describe('paintedArea', () => {
  it('is the extent of what the painters would paint, widened by half the widest line', () => {
    const scale = 2;
    const area = paintedArea((context) => paintSelectedBox(context, { x0: 100, y0: 50, x1: 300, y1: 150 }, scale), scale);
    // Handles 8 screen px wide stick out 2 image px beyond the box; the outline's dark edge is 4 px, 2 image px wide.
    expect(area).toEqual({ x0: 97, y0: 47, x1: 303, y1: 153 });
  });

  it('spans the media for a crosshair, and is null when nothing is painted', () => {
    const media = { width: 640, height: 480 };
    const area = paintedArea((context, scale) => paintCrosshair(context, { x: 10, y: 20 }, media, scale), 1);
    expect(area).toEqual({ x0: -1.5, y0: -1.5, x1: 641.5, y1: 481.5 });
    expect(paintedArea(() => {}, 1)).toBeNull();
  });
});

describe('the overlay of a box being moved', () => {
  const annotation: BoxAnnotation = {
    type: 'box_detection',
    subjects: ['cat'],
    bounds: { x0: 0, y0: 0, x1: 1000, y1: 1000 },
    boxes: [{ x0: 0, y0: 0, x1: 100, y1: 100, subject_uid: 'cat' }],
    setAside: [],
    selected: 0,
  };
  const scene = { module: boxDetection, annotation, hidden: new Set<number>(), media: { width: 1000, height: 1000 } };
  const translating: BoxToolState = { name: 'translating', index: 0, origin: imagePoint(50, 50), preview: { x0: 500, y0: 500, x1: 600, y1: 600 } };
  const moving: ActiveTool = { tool: 'box_detection', state: translating };

  it('covers only where the box is now: the highlight of the box under the pointer stays off while it moves', () => {
    const area = paintedArea((context, scale) => drawOverlay(context, scale, { ...scene, active: moving, hovered: 0 }), 1);
    expect(area).toEqual({ x0: 494, y0: 494, x1: 606, y1: 606 });
  });

  it('highlights the box under the pointer when nothing moves', () => {
    const area = paintedArea((context, scale) => drawOverlay(context, scale, { ...scene, active: idleTool(boxDetection), hovered: 0 }), 1);
    expect(area).toEqual({ x0: -2.5, y0: -2.5, x1: 102.5, y1: 102.5 });
  });
});
