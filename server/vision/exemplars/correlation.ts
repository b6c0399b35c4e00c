import type { GreyImage } from './grey-image';

/** A window whose values vary less than this (standard deviation, grey levels) is flat: it matches nothing. */
const FLAT = 2;

/**
 * Normalised cross-correlation of a template with every window of the image (the template's top-left corner at each
 * place it fits): -1..1, 1 where the window is the template up to brightness and contrast. The window's mean and
 * spread come from summed-area tables; the products are summed directly (the templates are small: see search.ts).
 */
export function crossCorrelation(image: GreyImage, template: GreyImage): GreyImage {
  const { width: w, height: h } = template;
  const width = image.width - w + 1;
  const height = image.height - h + 1;
  if (width <= 0 || height <= 0) return { width: 0, height: 0, data: new Float32Array(0) };
  const n = w * h;
  let mean = 0;
  for (const value of template.data) mean += value;
  mean /= n;
  const centred = new Float32Array(n);
  let norm = 0;
  for (let k = 0; k < n; k += 1) {
    const value = (template.data[k] ?? 0) - mean;
    centred[k] = value;
    norm += value * value;
  }
  norm = Math.sqrt(norm);
  const out = new Float32Array(width * height);
  if (norm < FLAT * Math.sqrt(n)) return { width, height, data: out };
  const { sum, squares } = summedAreaTables(image);
  const stride = image.width + 1;
  const pixels = image.data;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const a = y * stride + x;
      const b = a + w;
      const c = a + h * stride;
      const d = c + w;
      const s = (sum[d] ?? 0) - (sum[b] ?? 0) - (sum[c] ?? 0) + (sum[a] ?? 0);
      const s2 = (squares[d] ?? 0) - (squares[b] ?? 0) - (squares[c] ?? 0) + (squares[a] ?? 0);
      const variance = s2 - (s * s) / n;
      if (variance < FLAT * FLAT * n) continue;
      let product = 0;
      for (let ty = 0, k = 0; ty < h; ty += 1) {
        let at = (y + ty) * image.width + x;
        for (let tx = 0; tx < w; tx += 1, k += 1, at += 1) product += (pixels[at] ?? 0) * (centred[k] ?? 0);
      }
      out[y * width + x] = product / (norm * Math.sqrt(variance));
    }
  }
  return { width, height, data: out };
}

function summedAreaTables(image: GreyImage): { sum: Float64Array; squares: Float64Array } {
  const stride = image.width + 1;
  const sum = new Float64Array(stride * (image.height + 1));
  const squares = new Float64Array(stride * (image.height + 1));
  for (let y = 0; y < image.height; y += 1) {
    let row = 0;
    let rowSquares = 0;
    for (let x = 0; x < image.width; x += 1) {
      const value = image.data[y * image.width + x] ?? 0;
      row += value;
      rowSquares += value * value;
      const at = (y + 1) * stride + x + 1;
      sum[at] = (sum[at - stride] ?? 0) + row;
      squares[at] = (squares[at - stride] ?? 0) + rowSquares;
    }
  }
  return { sum, squares };
}
