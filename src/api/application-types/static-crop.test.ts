import { describe, expect, it } from 'vitest';
import { cropBoxIn, staticCropSettings } from './static-crop';

const crop = (fields: Record<string, number>) => staticCropSettings.parse(fields);

describe('the static_crop coordinates', () => {
  it('count a negative number from the right or bottom edge, -1 being the last pixel', () => {
    expect(cropBoxIn(crop({}), 384, 288)).toEqual({ box: { x0: 0, y0: 0, x1: 384, y1: 288 } });
    expect(cropBoxIn(crop({ x0: -100, y0: -1 }), 384, 288)).toEqual({ box: { x0: 284, y0: 287, x1: 384, y1: 288 } });
    expect(cropBoxIn(crop({ x0: 10, y0: 20, x1: -11, y1: 120 }), 384, 288)).toEqual({ box: { x0: 10, y0: 20, x1: 374, y1: 120 } });
  });

  it('say why an image cannot give the crop: outside it, or empty in it', () => {
    expect(cropBoxIn(crop({ x1: 500 }), 384, 288)).toEqual({ problem: 'The crop (x0 0, y0 0, x1 500, y1 -1) reaches outside the 384×288 image.' });
    expect(cropBoxIn(crop({ x0: -400 }), 384, 288)).toHaveProperty('problem');
    expect(cropBoxIn(crop({ x0: 300, x1: -100 }), 384, 288)).toEqual({ problem: 'The crop (x0 300, y0 0, x1 -100, y1 -1) is empty in the 384×288 image.' });
  });

  it('refuse, whatever the image, a crop with its end at 0 or not beyond its start on the same edge', () => {
    const fieldsOf = (fields: Record<string, number>) => staticCropSettings.safeParse(fields).error?.issues.map((issue) => issue.path.join('.'));
    expect(fieldsOf({ x1: 0 })).toEqual(['x1']);
    expect(fieldsOf({ y0: 40, y1: 40 })).toEqual(['y1']);
    expect(fieldsOf({ x0: -10, x1: -11 })).toEqual(['x1']);
    expect(fieldsOf({ x0: -10, x1: -10 })).toBeUndefined();
    expect(fieldsOf({ x0: 300, x1: -100 })).toBeUndefined();
  });
});
