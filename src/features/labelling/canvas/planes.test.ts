import { imagePlaneTransform } from './image-plane';
import { cssTransformBetween } from './marks-plane';

const matrix = (transform: string) => transform.match(/-?[\d.]+/g)!.map(Number);

describe('the planes under the stage', () => {
  it('put an image of any resolution where the camera puts the media', () => {
    const camera = { scale: 0.25, x: 40, y: 10 };
    // A 1024 px copy of a 4000 px media: each of its pixels covers 4000 / 1024 media pixels.
    const [k, , , , x, y] = matrix(imagePlaneTransform(camera, { width: 4000, height: 3000 }, { width: 1024, height: 768 }));
    expect(k).toBeCloseTo(0.25 * (4000 / 1024), 10);
    expect([x, y]).toEqual([40, 10]);
  });

  it('move marks drawn with one camera to where another camera puts them', () => {
    const from = { scale: 0.5, x: 10, y: 20 };
    const to = { scale: 1, x: -30, y: 5 };
    const [tx, ty, k] = matrix(cssTransformBetween(from, to));
    // A media point p was drawn at p × 0.5 + (10, 20); after the transform it must be at p × 1 + (-30, 5).
    const p = { x: 100, y: 60 };
    const drawn = { x: p.x * from.scale + from.x, y: p.y * from.scale + from.y };
    expect(drawn.x * k! + tx!).toBeCloseTo(p.x * to.scale + to.x, 10);
    expect(drawn.y * k! + ty!).toBeCloseTo(p.y * to.scale + to.y, 10);
  });
});
