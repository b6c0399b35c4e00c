import type { BoxCoords } from '../../../src/api/types';
import type { RgbImage } from './colour-histogram';
import { resizeGrey } from './grey-image';

/**
 * An exemplar remembered for the subject's next images: its pixels resampled so that its shorter side is
 * TEMPLATE_SIDE to LARGE_TEMPLATE_SIDE (RGB, base64), and its size as a share of the searched region's, which says at what size to look for
 * it in an image of the same view.
 */
export interface ExemplarTemplate {
  width: number;
  height: number;
  /** RGB bytes, row by row, base64. */
  pixels: string;
  share: { width: number; height: number };
}

/**
 * The shorter side of an exemplar where the search works (see exemplar-search.ts), and of a remembered one: objects
 * large in the frame are searched and remembered finer, up to LARGE_TEMPLATE_SIDE, for their texture.
 */
export const TEMPLATE_SIDE = 14;
export const LARGE_TEMPLATE_SIDE = 32;
/** A longer side is cut to this many times the shorter (a long thin box keeps its middle). */
const MAX_ASPECT = 4;

/** Each channel of an RGB image resized (bilinear). */
function resizeRgb(image: RgbImage, width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let channel = 0; channel < 3; channel += 1) {
    const plane = new Float32Array(image.width * image.height);
    for (let i = 0; i < plane.length; i += 1) plane[i] = image.data[i * 3 + channel] ?? 0;
    const resized = resizeGrey({ width: image.width, height: image.height, data: plane }, width, height);
    for (let i = 0; i < width * height; i += 1) data[i * 3 + channel] = Math.round(resized.data[i] ?? 0);
  }
  return { width, height, data };
}

function cropRgb(image: RgbImage, box: BoxCoords): RgbImage {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const width = Math.max(1, Math.min(image.width, Math.ceil(box.x1)) - x0);
  const height = Math.max(1, Math.min(image.height, Math.ceil(box.y1)) - y0);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const from = ((y0 + y) * image.width + x0) * 3;
    data.set(image.data.subarray(from, from + width * 3), y * width * 3);
  }
  return { width, height, data };
}

/** A box this near the image's edge (pixels) is cut by it. */
export const EDGE = 1;

/**
 * The boxes to remember of one image: not those cut by its edge (a part matches parts of everything), the most
 * typical first (nearest the median area), so that the few searched are like most of the subject's objects.
 */
export function typicalWholeObjects(boxes: readonly BoxCoords[], width: number, height: number): BoxCoords[] {
  const whole = boxes.filter((box) => box.x0 >= EDGE && box.y0 >= EDGE && box.x1 <= width - EDGE && box.y1 <= height - EDGE);
  const kept = whole.length > 0 ? whole : [...boxes];
  const area = (box: BoxCoords) => (box.x1 - box.x0) * (box.y1 - box.y0);
  const median = kept.map(area).sort((a, b) => a - b)[Math.floor(kept.length / 2)] ?? 0;
  return kept.sort((a, b) => Math.abs(Math.log(area(a) / median)) - Math.abs(Math.log(area(b) / median)));
}

/** The exemplar in `box` (the image's pixels) as a template to remember. */
export function templateOf(image: RgbImage, box: BoxCoords): ExemplarTemplate {
  const crop = cropRgb(image, box);
  const shorter = Math.min(crop.width, crop.height);
  const side = Math.min(LARGE_TEMPLATE_SIDE, Math.max(TEMPLATE_SIDE, shorter));
  const ratio = side / shorter;
  const width = Math.max(3, Math.min(side * MAX_ASPECT, Math.round(crop.width * ratio)));
  const height = Math.max(3, Math.min(side * MAX_ASPECT, Math.round(crop.height * ratio)));
  const resized = resizeRgb(crop, width, height);
  return {
    width,
    height,
    pixels: Buffer.from(resized.data).toString('base64'),
    share: { width: (box.x1 - box.x0) / image.width, height: (box.y1 - box.y0) / image.height },
  };
}

/** A remembered template's pixels, resized to the size it is looked for at. */
export function templateImage(template: ExemplarTemplate, width: number, height: number): RgbImage {
  const image = { width: template.width, height: template.height, data: new Uint8Array(Buffer.from(template.pixels, 'base64')) };
  return width === template.width && height === template.height ? image : resizeRgb(image, Math.max(3, width), Math.max(3, height));
}

const isShare = (value: unknown): value is ExemplarTemplate['share'] =>
  typeof value === 'object' && value !== null && typeof (value as { width?: unknown }).width === 'number' && typeof (value as { height?: unknown }).height === 'number';

const isTemplate = (value: unknown): value is ExemplarTemplate => {
  if (typeof value !== 'object' || value === null) return false;
  const { width, height, pixels, share } = value as Partial<Record<keyof ExemplarTemplate, unknown>>;
  return (
    Number.isInteger(width) &&
    Number.isInteger(height) &&
    typeof pixels === 'string' &&
    Buffer.from(pixels, 'base64').length === (width as number) * (height as number) * 3 &&
    isShare(share)
  );
};

/** Per subject uid, the well-formed templates of stored JSON (anything else is left out). */
export function templatesIn(stored: Record<string, unknown> | undefined | null): Record<string, ExemplarTemplate[]> {
  const out: Record<string, ExemplarTemplate[]> = {};
  for (const [uid, list] of Object.entries(stored ?? {})) {
    const templates = Array.isArray(list) ? list.filter(isTemplate) : [];
    if (templates.length > 0) out[uid] = templates;
  }
  return out;
}

/** At most this many exemplars are remembered per subject (the newest): about 2 KB each. */
export const REMEMBERED_PER_SUBJECT = 12;

/** Newer templates first, then older ones not among them, at most REMEMBERED_PER_SUBJECT per subject. */
export function mergeTemplates(newer: Record<string, ExemplarTemplate[]>, older: Record<string, ExemplarTemplate[]> = {}): Record<string, ExemplarTemplate[]> {
  const out: Record<string, ExemplarTemplate[]> = {};
  for (const uid of new Set([...Object.keys(newer), ...Object.keys(older)])) {
    const seen = new Set<string>();
    out[uid] = [...(newer[uid] ?? []), ...(older[uid] ?? [])]
      .filter((template) => !seen.has(template.pixels) && Boolean(seen.add(template.pixels)))
      .slice(0, REMEMBERED_PER_SUBJECT);
  }
  return out;
}
