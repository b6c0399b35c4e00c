import type { GreyImage } from './grey-image';

/** A window whose values vary less than this (standard deviation, grey levels) is flat: it matches nothing. */
const FLAT = 2;

/** A template ready to correlate: its values less their mean, and their norm (0: flat, matches nothing). */
interface CentredTemplate {
  width: number;
  height: number;
  centred: Float32Array;
  norm: number;
}

function centred(template: GreyImage): CentredTemplate {
  const n = template.width * template.height;
  let mean = 0;
  for (const value of template.data) mean += value;
  mean /= n;
  const values = new Float32Array(n);
  let norm = 0;
  for (let k = 0; k < n; k += 1) {
    const value = template.data[k]! - mean;
    values[k] = value;
    norm += value * value;
  }
  norm = Math.sqrt(norm);
  return { width: template.width, height: template.height, centred: values, norm: norm < FLAT * Math.sqrt(n) ? 0 : norm };
}

/**
 * Normalised cross-correlation of templates with the windows of one image (a window at its top-left corner): -1..1,
 * 1 where the window is the template up to brightness and contrast. Each window's mean and spread come from
 * summed-area tables made once; the products are summed directly (the templates are small: see search.ts).
 */
export class Correlator {
  private readonly sum: Float64Array;
  private readonly squares: Float64Array;

  constructor(readonly image: GreyImage) {
    const stride = image.width + 1;
    this.sum = new Float64Array(stride * (image.height + 1));
    this.squares = new Float64Array(stride * (image.height + 1));
    for (let y = 0; y < image.height; y += 1) {
      let row = 0;
      let rowSquares = 0;
      for (let x = 0; x < image.width; x += 1) {
        const value = image.data[y * image.width + x]!;
        row += value;
        rowSquares += value * value;
        const at = (y + 1) * stride + x + 1;
        this.sum[at] = this.sum[at - stride]! + row;
        this.squares[at] = this.squares[at - stride]! + rowSquares;
      }
    }
  }

  /** The correlation of a prepared template with the window at (x, y); 0 on a flat window or template. */
  private at(template: CentredTemplate, x: number, y: number): number {
    const { width: w, height: h, centred: values, norm } = template;
    if (norm === 0) return 0;
    const n = w * h;
    const stride = this.image.width + 1;
    const a = y * stride + x;
    const b = a + w;
    const c = a + h * stride;
    const d = c + w;
    const s = this.sum[d]! - this.sum[b]! - this.sum[c]! + this.sum[a]!;
    const variance = this.squares[d]! - this.squares[b]! - this.squares[c]! + this.squares[a]! - (s * s) / n;
    if (variance < FLAT * FLAT * n) return 0;
    const pixels = this.image.data;
    const imageWidth = this.image.width;
    let product = 0;
    for (let ty = 0, k = 0; ty < h; ty += 1) {
      let p = (y + ty) * imageWidth + x;
      // in bounds by construction; `!` rather than `?? 0` keeps this innermost loop free of checks
      for (let tx = 0; tx < w; tx += 1, k += 1, p += 1) product += pixels[p]! * values[k]!;
    }
    return product / (norm * Math.sqrt(variance));
  }

  /**
   * The correlation map of a template (every place it fits). Coarse to fine: the windows on a grid of `step`
   * pixels first, then every window around those that reach `refineFrom`; the others keep their grid neighbour's
   * value at most, 0 where none was computed. `step` 1 computes every window.
   */
  map(template: GreyImage, step = 1, refineFrom = 0): GreyImage {
    const width = this.image.width - template.width + 1;
    const height = this.image.height - template.height + 1;
    if (width <= 0 || height <= 0) return { width: 0, height: 0, data: new Float32Array(0) };
    const prepared = centred(template);
    const out = new Float32Array(width * height);
    for (let y = 0; y < height; y += step) for (let x = 0; x < width; x += step) out[y * width + x] = this.at(prepared, x, y);
    if (step === 1) return { width, height, data: out };
    const done = new Uint8Array(width * height);
    for (let y = 0; y < height; y += step) {
      for (let x = 0; x < width; x += step) {
        if (out[y * width + x]! < refineFrom) continue;
        for (let yy = Math.max(0, y - step + 1); yy < Math.min(height, y + step); yy += 1) {
          for (let xx = Math.max(0, x - step + 1); xx < Math.min(width, x + step); xx += 1) {
            const at = yy * width + xx;
            if ((xx % step !== 0 || yy % step !== 0) && !done[at]) {
              out[at] = this.at(prepared, xx, yy);
              done[at] = 1;
            }
          }
        }
      }
    }
    return { width, height, data: out };
  }
}

/** The correlation map of one template with every window of the image (see Correlator). */
export const crossCorrelation = (image: GreyImage, template: GreyImage): GreyImage => new Correlator(image).map(template);
