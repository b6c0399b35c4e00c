/** Colours: hex strings, sRGB triples and CIE Lab (D65), with the distance the models use. */
export type Rgb = readonly [number, number, number];
export type Lab = readonly [number, number, number];

const HEX_COLOUR = /^#([0-9a-f]{6})$/i;

export function hexToRgb(hex: string): Rgb {
  const match = HEX_COLOUR.exec(hex);
  if (!match?.[1]) throw new RangeError(`Not a #rrggbb colour: ${hex}`);
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  const channel = (v: number) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

const LINEAR = Float64Array.from({ length: 256 }, (_, i) => {
  const v = i / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
});

const labCurve = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);

export function rgbToLab(r: number, g: number, b: number): Lab {
  const lab: [number, number, number] = [0, 0, 0];
  writeLab(lab, 0, r, g, b);
  return lab;
}

/** Writes the Lab colour of an sRGB pixel at out[at..at + 2]: the models convert whole images, without a tuple per pixel. */
export function writeLab(out: Float32Array | number[], at: number, r: number, g: number, b: number): void {
  const lr = LINEAR[r & 255] ?? 0;
  const lg = LINEAR[g & 255] ?? 0;
  const lb = LINEAR[b & 255] ?? 0;
  const fx = labCurve((0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047);
  const fy = labCurve(0.2126 * lr + 0.7152 * lg + 0.0722 * lb);
  const fz = labCurve((0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883);
  out[at] = 116 * fy - 16;
  out[at + 1] = 500 * (fx - fy);
  out[at + 2] = 200 * (fy - fz);
}

const LAB_TO_XYZ_INVERSE = (f: number) => (f ** 3 > 0.008856 ? f ** 3 : (f - 16 / 116) / 7.787);
const toSrgbChannel = (linear: number) =>
  255 * (linear <= 0.0031308 ? 12.92 * linear : 1.055 * Math.max(0, linear) ** (1 / 2.4) - 0.055);

export function labToRgb([l, a, b]: Lab): Rgb {
  const fy = (l + 16) / 116;
  const x = 0.95047 * LAB_TO_XYZ_INVERSE(fy + a / 500);
  const y = LAB_TO_XYZ_INVERSE(fy);
  const z = 1.08883 * LAB_TO_XYZ_INVERSE(fy - b / 200);
  const clamp = (v: number) => Math.round(Math.min(255, Math.max(0, v)));
  return [
    clamp(toSrgbChannel(3.2406 * x - 1.5372 * y - 0.4986 * z)),
    clamp(toSrgbChannel(-0.9689 * x + 1.8758 * y + 0.0415 * z)),
    clamp(toSrgbChannel(0.0557 * x - 0.204 * y + 1.057 * z)),
  ];
}

/**
 * Lightness counts half as much as hue and chroma, so that one part under brighter or dimmer light
 * stays close to its own colour.
 */
const LIGHTNESS_WEIGHT = 0.5;

export function labDistance(l1: number, a1: number, b1: number, l2: number, a2: number, b2: number): number {
  const dl = (l1 - l2) * LIGHTNESS_WEIGHT;
  return Math.sqrt(dl * dl + (a1 - a2) ** 2 + (b1 - b2) ** 2);
}
