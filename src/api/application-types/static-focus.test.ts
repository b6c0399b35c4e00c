import { describe, expect, it } from 'vitest';
import { FOCUS_COORDINATE_MAX, staticFocusBoxIn, staticFocusSettings } from './static-focus';

const focus = (fields: Record<string, number>) => staticFocusSettings.parse(fields);

describe('the static_focus box', () => {
  it('is the box as set when it lies inside the media', () => {
    expect(staticFocusBoxIn(focus({ x0: 10, y0: 20, x1: 110, y1: 70 }), 640, 480)).toEqual({ x0: 10, y0: 20, x1: 110, y1: 70 });
    expect(staticFocusBoxIn(focus({ x0: 0, y0: 0, x1: 640, y1: 480 }), 640, 480)).toEqual({ x0: 0, y0: 0, x1: 640, y1: 480 });
  });

  it('is the whole media with the default coordinates, whose far ends every edge clamps', () => {
    expect(staticFocusSettings.parse({})).toEqual({ x0: 0, y0: 0, x1: FOCUS_COORDINATE_MAX, y1: FOCUS_COORDINATE_MAX, constant_focus_box_size: 0 });
    expect(staticFocusBoxIn(focus({}), 640, 480)).toEqual({ x0: 0, y0: 0, x1: 640, y1: 480 });
  });

  it('sets a coordinate beyond the limit to the limit', () => {
    expect(staticFocusBoxIn(focus({ x0: 600, y0: 400, x1: 700, y1: 500 }), 640, 480)).toEqual({ x0: 600, y0: 400, x1: 640, y1: 480 });
    expect(staticFocusBoxIn(focus({ x0: 100, y0: 10, x1: 200, y1: 900 }), 640, 480)).toEqual({ x0: 100, y0: 10, x1: 200, y1: 480 });
  });

  it('with constant_focus_box_size 1 keeps the size and moves the box inside, on each axis on its own', () => {
    const constant = (fields: Record<string, number>) => focus({ ...fields, constant_focus_box_size: 1 });
    expect(staticFocusBoxIn(constant({ x0: 600, y0: 400, x1: 700, y1: 500 }), 640, 480)).toEqual({ x0: 540, y0: 380, x1: 640, y1: 480 });
    expect(staticFocusBoxIn(constant({ x0: 100, y0: 10, x1: 200, y1: 500 }), 640, 480)).toEqual({ x0: 100, y0: 0, x1: 200, y1: 480 });
    // A start beyond the limit moves in with its end.
    expect(staticFocusBoxIn(constant({ x0: 650, y0: 10, x1: 750, y1: 60 }), 640, 480)).toEqual({ x0: 540, y0: 10, x1: 640, y1: 60 });
  });

  it('with constant_focus_box_size 1 is cut at the edges only when the box is larger than the media', () => {
    expect(staticFocusBoxIn(focus({ x0: 0, y0: 0, x1: 1000, y1: 100, constant_focus_box_size: 1 }), 640, 480)).toEqual({ x0: 0, y0: 0, x1: 640, y1: 100 });
  });

  it('adds no focus when every coordinate is beyond the limits, with or without a constant size', () => {
    expect(staticFocusBoxIn(focus({ x0: 640, y0: 480, x1: 700, y1: 500 }), 640, 480)).toBeNull();
    expect(staticFocusBoxIn(focus({ x0: 700, y0: 500, x1: 800, y1: 600, constant_focus_box_size: 1 }), 640, 480)).toBeNull();
  });

  it('adds no focus when clamping leaves an empty box, and a box with one end at the limit is not beyond it', () => {
    expect(staticFocusBoxIn(focus({ x0: 700, y0: 10, x1: 800, y1: 60 }), 640, 480)).toBeNull();
    expect(staticFocusBoxIn(focus({ x0: 639, y0: 479, x1: 640, y1: 480 }), 640, 480)).toEqual({ x0: 639, y0: 479, x1: 640, y1: 480 });
  });

  it('refuses an end not beyond its start, a negative or fractional coordinate, and a switch other than 0 or 1', () => {
    const fieldsOf = (fields: Record<string, number>) => staticFocusSettings.safeParse(fields).error?.issues.map((issue) => issue.path.join('.'));
    expect(fieldsOf({ x0: 10, x1: 10, y0: 5, y1: 4 })).toEqual(['x1', 'y1']);
    expect(fieldsOf({ x0: -1 })).toEqual(['x0']);
    expect(fieldsOf({ y1: 2.5 })).toEqual(['y1']);
    expect(fieldsOf({ constant_focus_box_size: 2 })).toEqual(['constant_focus_box_size']);
  });
});
