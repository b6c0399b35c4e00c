/** A one-channel image: values row by row. */
export interface GreyImage {
  width: number;
  height: number;
  data: Float32Array;
}

/** A window of the image, copied. */
export function cropGrey(image: GreyImage, x0: number, y0: number, width: number, height: number): GreyImage {
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const from = (y0 + y) * image.width + x0;
    data.set(image.data.subarray(from, from + width), y * width);
  }
  return { width, height, data };
}

/** The image resized by bilinear sampling (used for the few scales a template is tried at). */
export function resizeGrey(image: GreyImage, width: number, height: number): GreyImage {
  const data = new Float32Array(width * height);
  const sx = image.width / width;
  const sy = image.height / height;
  for (let y = 0; y < height; y += 1) {
    const fy = Math.min(image.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x += 1) {
      const fx = Math.min(image.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const wx = fx - x0;
      const at = (xx: number, yy: number) => image.data[yy * image.width + xx] ?? 0;
      const top = at(x0, y0) * (1 - wx) + at(x1, y0) * wx;
      const bottom = at(x0, y1) * (1 - wx) + at(x1, y1) * wx;
      data[y * width + x] = top * (1 - wy) + bottom * wy;
    }
  }
  return { width, height, data };
}
