// GrabCut (OpenCV) on the working copy of an image: the object under a click, or the object inside a drawn box.
import { foregroundRegion } from './foreground-region';
import type { CvMat, OpenCv } from './opencv';
import type { Region, RgbaImage } from '../contract/region';

type Point = { readonly x: number; readonly y: number };
type Rect = Region['box'];

export interface GrabCutOptions {
  /** GrabCut runs on the rectangle and its surroundings scaled to at most this many pixels across. */
  readonly maxSide: number;
  readonly iterations: number;
  /** The first rectangle around a click: a square this share of the image's shorter side. */
  readonly startSide: number;
  /** How often a rectangle that the object fills to its edge is grown towards that edge. */
  readonly growths: number;
  /** An object smaller than this share of its rectangle is a speck: the rectangle grows all round. */
  readonly minFill: number;
  refine?: number;
}

const GRABCUT_OPTIONS: GrabCutOptions = { maxSide: 160, iterations: 4, startSide: 0.1, growths: 6, minFill: 0.05 };

// OpenCV's GrabCut mask values (0, background, is what the mask starts as)
const FOREGROUND = 1;
const PROBABLY_FOREGROUND = 3;

const clampRect = ({ x0, y0, x1, y1 }: Rect, width: number, height: number): Rect => ({
  x0: Math.max(0, Math.floor(x0)),
  y0: Math.max(0, Math.floor(y0)),
  x1: Math.min(width, Math.ceil(x1)),
  y1: Math.min(height, Math.ceil(y1)),
});

/** One image's pixels in OpenCV, segmented on request; `dispose` frees them. */
export class GrabCutImage {
  private readonly rgb: CvMat;
  readonly width: number;
  readonly height: number;

  constructor(
    private readonly cv: OpenCv,
    image: RgbaImage,
    private readonly options: GrabCutOptions = GRABCUT_OPTIONS,
  ) {
    const rgba = cv.matFromImageData(image);
    this.rgb = new cv.Mat();
    cv.cvtColor(rgba, this.rgb, cv.COLOR_RGBA2RGB);
    rgba.delete();
    [this.width, this.height] = [image.width, image.height];
  }

  dispose() {
    this.rgb.delete();
  }

  /**
   * The object under a click: GrabCut in a square around it, grown towards each side the object reaches, until the
   * object lies inside or the growths run out. Null when nothing stands out there.
   */
  objectAt(seed: Point): Region | null {
    const half = (this.options.startSide * Math.min(this.width, this.height)) / 2;
    let rect = clampRect({ x0: seed.x - half, y0: seed.y - half, x1: seed.x + half, y1: seed.y + half }, this.width, this.height);
    let region: Region | null = null;
    for (let growth = 0; growth <= this.options.growths; growth++) {
      region = this.segment(rect, seed);
      if (!region) return null;
      const grown = this.growTowardsObject(rect, region.box);
      if (!grown) break;
      rect = grown;
    }
    if (!region || !this.options.refine) return region;
    const { box } = region;
    const pad = { x: this.options.refine * (box.x1 - box.x0), y: this.options.refine * (box.y1 - box.y0) };
    const refined = this.segment(clampRect({ x0: box.x0 - pad.x, y0: box.y0 - pad.y, x1: box.x1 + pad.x, y1: box.y1 + pad.y }, this.width, this.height), seed);
    return refined ?? region;
  }

  /** The object inside a drawn rectangle (its largest foreground part), or null. */
  objectInside(drawn: Rect): Region | null {
    return this.segment(clampRect(drawn, this.width, this.height), null);
  }

  /**
   * The rectangle grown by half on each side the object touches (the image's edges excepted), or on every side when
   * the object is a speck of it (the rectangle lay inside a larger object, whose colours were then its background);
   * null when the object lies inside.
   */
  private growTowardsObject(rect: Rect, object: Rect): Rect | null {
    const [width, height] = [rect.x1 - rect.x0, rect.y1 - rect.y0];
    const speck = (object.x1 - object.x0) * (object.y1 - object.y0) < this.options.minFill * width * height;
    const slack = 0.03 * Math.max(width, height);
    const grows = (gap: number) => speck || gap <= slack;
    const next = clampRect(
      {
        x0: grows(object.x0 - rect.x0) ? rect.x0 - width / 2 : rect.x0,
        y0: grows(object.y0 - rect.y0) ? rect.y0 - height / 2 : rect.y0,
        x1: grows(rect.x1 - object.x1) ? rect.x1 + width / 2 : rect.x1,
        y1: grows(rect.y1 - object.y1) ? rect.y1 + height / 2 : rect.y1,
      },
      this.width,
      this.height,
    );
    const same = next.x0 === rect.x0 && next.y0 === rect.y0 && next.x1 === rect.x1 && next.y1 === rect.y1;
    return same ? null : next;
  }

  /** GrabCut with `rect` as the probable object (and `seed` as certain object), on the rectangle and its surroundings. */
  private segment(rect: Rect, seed: Point | null): Region | null {
    const { cv } = this;
    const margin = Math.max(8, 0.25 * Math.max(rect.x1 - rect.x0, rect.y1 - rect.y0));
    const context = clampRect({ x0: rect.x0 - margin, y0: rect.y0 - margin, x1: rect.x1 + margin, y1: rect.y1 + margin }, this.width, this.height);
    const scale = Math.min(1, this.options.maxSide / Math.max(context.x1 - context.x0, context.y1 - context.y0));
    const width = Math.max(2, Math.round((context.x1 - context.x0) * scale));
    const height = Math.max(2, Math.round((context.y1 - context.y0) * scale));
    const toSmall = (x: number, y: number) => ({ x: (x - context.x0) * scale, y: (y - context.y0) * scale });

    const crop = this.rgb.roi(new cv.Rect(context.x0, context.y0, context.x1 - context.x0, context.y1 - context.y0));
    const small = new cv.Mat();
    cv.resize(crop, small, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
    crop.delete();
    const mask = cv.Mat.zeros(height, width, cv.CV_8UC1);
    const [background, foreground] = [new cv.Mat(), new cv.Mat()];
    try {
      const inside = { ...toSmall(rect.x0, rect.y0), end: toSmall(rect.x1, rect.y1) };
      for (let y = Math.max(1, Math.floor(inside.y)); y < Math.min(height - 1, Math.ceil(inside.end.y)); y++) {
        // the outermost ring stays background, so that GrabCut has some even when the rectangle fills the image
        mask.data.fill(PROBABLY_FOREGROUND, y * width + Math.max(1, Math.floor(inside.x)), y * width + Math.min(width - 1, Math.ceil(inside.end.x)));
      }
      const smallSeed = seed && toSmall(seed.x, seed.y);
      if (smallSeed) this.markSeed(mask, smallSeed);
      cv.grabCut(small, mask, new cv.Rect(0, 0, width, height), background, foreground, this.options.iterations, cv.GC_INIT_WITH_MASK);
      const data = mask.data.map((value) => (value === FOREGROUND || value === PROBABLY_FOREGROUND ? 1 : 0));
      const found = foregroundRegion({ width, height, data }, smallSeed);
      return found && {
        box: clampRect(
          { x0: context.x0 + found.box.x0 / scale, y0: context.y0 + found.box.y0 / scale, x1: context.x0 + found.box.x1 / scale, y1: context.y0 + found.box.y1 / scale },
          this.width,
          this.height,
        ),
        centroid: { x: context.x0 + found.centroid.x / scale, y: context.y0 + found.centroid.y / scale },
        area: Math.round(found.area / scale ** 2),
      };
    } catch {
      // OpenCV throws (a number) when the mask leaves GrabCut nothing to learn from: then there is no object here.
      return null;
    } finally {
      for (const mat of [small, mask, background, foreground]) mat.delete();
    }
  }

  /** The clicked pixel and its neighbours are certainly the object. */
  private markSeed(mask: CvMat, seed: Point) {
    const [cx, cy] = [Math.floor(seed.x), Math.floor(seed.y)];
    for (let y = Math.max(1, cy - 1); y <= Math.min(mask.rows - 2, cy + 1); y++) {
      for (let x = Math.max(1, cx - 1); x <= Math.min(mask.cols - 2, cx + 1); x++) mask.data[y * mask.cols + x] = FOREGROUND;
    }
  }
}
