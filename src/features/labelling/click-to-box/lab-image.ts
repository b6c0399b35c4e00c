// Colours as CIE L*a*b* (D65), where a Euclidean distance (ΔE76) is close to how different two colours look.

/** Pixels as a canvas gives them: RGBA, row by row. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray | Uint8Array;
}

/** L, a, b per pixel, row by row. */
export interface LabImage {
  readonly width: number;
  readonly height: number;
  readonly lab: Float32Array;
}

const LINEAR = Float32Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

export function toLab({ width, height, data }: RgbaImage): LabImage {
  const lab = new Float32Array(width * height * 3);
  for (let i = 0, o = 0; o < lab.length; i += 4, o += 3) {
    const r = LINEAR[data[i]!]!;
    const g = LINEAR[data[i + 1]!]!;
    const b = LINEAR[data[i + 2]!]!;
    const fx = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    const fy = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const fz = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    lab[o] = 116 * fy - 16;
    lab[o + 1] = 500 * (fx - fy);
    lab[o + 2] = 200 * (fy - fz);
  }
  return { width, height, lab };
}
