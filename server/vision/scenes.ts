import sharp from 'sharp';
import type { BoxCoords, PointCoords } from '../../src/api/types';
import { hexToRgb, type Rgb } from './colour';
import { createRandom, type Random } from './random';
import { outlineOf, type Outline, type PartShape } from './shapes';

/**
 * Synthetic "parts on a conveyor" scenes with their ground truth.
 * - clear: every part in full contrast, inside the frame, apart from the others;
 * - faint: like clear, but the subjects' parts are washed out (low contrast);
 * - cluttered: parts may overlap each other and cross the frame edge.
 */
export type SceneDifficulty = 'clear' | 'faint' | 'cluttered';

export interface PartSpec {
  /** The subject the part shows (a name), or null for a distractor. */
  subject: string | null;
  color: string;
  shape: PartShape;
  count: number;
  /** Range of the part's longest side in pixels. */
  size: readonly [number, number];
}

/** A container seen through a window, filled with liquid from `level` (pixels from the top) to its bottom. */
export interface FillSpec {
  subject: string;
  color: string;
  level: number;
}

export interface SceneSpec {
  width: number;
  height: number;
  difficulty: SceneDifficulty;
  parts: readonly PartSpec[];
  fill?: FillSpec | null;
  format?: 'png' | 'jpeg';
}

export interface SceneObject {
  subject: string | null;
  shape: PartShape;
  /** Extent of the object's pixels in the frame (x1, y1 exclusive), including any later hidden by other parts. */
  box: BoxCoords;
  /** Mean position of the object's pixels in the frame. */
  centre: PointCoords;
  faint: boolean;
  /** Partly outside the frame. */
  cropped: boolean;
}

export interface SceneTruth {
  difficulty: SceneDifficulty;
  objects: SceneObject[];
  /** Per subject name: how many of its objects are in the frame. */
  counts: Record<string, number>;
  presence: Record<string, boolean>;
  /** The subject with the largest total area, the scene's class; null when no subject is shown. */
  dominant: string | null;
  /** Per present subject: the distance from the left / top edge to the nearest of its objects. */
  offsetX: Record<string, number>;
  offsetY: Record<string, number>;
}

export interface GeneratedScene {
  image: Buffer;
  width: number;
  height: number;
  format: 'png' | 'jpeg';
  truth: SceneTruth;
}

interface Canvas {
  width: number;
  height: number;
  pixels: Float32Array;
}

const FAINT_OPACITY: readonly [number, number] = [0.3, 0.42];
const PLACEMENT_ATTEMPTS = 60;
const GAP = 6;

export async function generateScene(spec: SceneSpec, seed: number): Promise<GeneratedScene> {
  const random = createRandom(seed);
  const canvas: Canvas = { width: spec.width, height: spec.height, pixels: new Float32Array(spec.width * spec.height * 3) };
  paintBelt(canvas, random);
  const objects: SceneObject[] = [];
  if (spec.fill) objects.push(paintFill(canvas, spec.fill, spec.difficulty === 'faint', random));
  const placed: BoxCoords[] = [];
  for (const part of shuffledParts(spec.parts, random)) {
    const object = placeAndPaint(canvas, part, spec.difficulty, placed, random);
    if (object) objects.push(object);
  }
  lightAndAddNoise(canvas, random);
  const format = spec.format ?? 'png';
  return { image: await encode(canvas, format), width: spec.width, height: spec.height, format, truth: truthOf(spec, objects) };
}

function shuffledParts(parts: readonly PartSpec[], random: Random): PartSpec[] {
  const single = parts.flatMap((part) => Array.from({ length: part.count }, () => part));
  for (let i = single.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [single[i], single[j]] = [single[j] as PartSpec, single[i] as PartSpec];
  }
  return single;
}

function paintBelt(canvas: Canvas, random: Random): void {
  const base = random.between(62, 92);
  const tint = [random.between(-4, 4), random.between(-3, 3), random.between(-2, 6)];
  const slatPeriod = random.int(28, 52);
  const slatPhase = random.int(0, slatPeriod);
  const rail = random.int(14, 30);
  for (let y = 0; y < canvas.height; y += 1) {
    const rowGrain = random.between(-4, 4);
    const onRail = y < rail || y >= canvas.height - rail;
    for (let x = 0; x < canvas.width; x += 1) {
      const slat = (x + slatPhase) % slatPeriod < 3 ? -12 : 0;
      const level = onRail ? base + 55 : base + rowGrain + slat;
      const i = (y * canvas.width + x) * 3;
      canvas.pixels[i] = level + (tint[0] ?? 0);
      canvas.pixels[i + 1] = level + (tint[1] ?? 0);
      canvas.pixels[i + 2] = level + (tint[2] ?? 0);
    }
  }
}

function paintFill(canvas: Canvas, fill: FillSpec, faint: boolean, random: Random): SceneObject {
  const x0 = Math.round(canvas.width * random.between(0.25, 0.35));
  const x1 = Math.round(canvas.width * random.between(0.65, 0.75));
  const bottom = Math.round(canvas.height * 0.92);
  const top = Math.round(canvas.height * 0.08);
  fillRect(canvas, { x0, y0: top, x1, y1: bottom }, [196, 202, 208], 0.55);
  const liquid = { x0, y0: Math.round(fill.level), x1, y1: bottom };
  fillRect(canvas, liquid, hexToRgb(fill.color), faint ? random.between(...FAINT_OPACITY) : 1);
  return {
    subject: fill.subject,
    shape: 'rect',
    box: liquid,
    centre: { x: (liquid.x0 + liquid.x1) / 2, y: (liquid.y0 + liquid.y1) / 2 },
    faint,
    cropped: false,
  };
}

function fillRect(canvas: Canvas, box: BoxCoords, colour: Rgb, opacity: number): void {
  for (let y = box.y0; y < box.y1; y += 1) {
    for (let x = box.x0; x < box.x1; x += 1) blend(canvas, (y * canvas.width + x) * 3, colour, opacity);
  }
}

function blend(canvas: Canvas, index: number, colour: Rgb, opacity: number): void {
  for (let c = 0; c < 3; c += 1) {
    const under = canvas.pixels[index + c] ?? 0;
    canvas.pixels[index + c] = under + ((colour[c] ?? 0) - under) * opacity;
  }
}

function placeAndPaint(
  canvas: Canvas,
  part: PartSpec,
  difficulty: SceneDifficulty,
  placed: BoxCoords[],
  random: Random,
): SceneObject | null {
  const outline = outlineOf(part.shape, random.between(part.size[0], part.size[1]), random);
  const mayCrop = difficulty === 'cluttered' && random.chance(0.3);
  for (let attempt = 0; attempt < PLACEMENT_ATTEMPTS; attempt += 1) {
    const centre = mayCrop ? croppedCentre(canvas, outline, random) : insideCentre(canvas, outline, random);
    const box = {
      x0: Math.floor(centre.x - outline.halfWidth),
      y0: Math.floor(centre.y - outline.halfHeight),
      x1: Math.ceil(centre.x + outline.halfWidth),
      y1: Math.ceil(centre.y + outline.halfHeight),
    };
    if (difficulty !== 'cluttered' && placed.some((other) => overlaps(box, other, GAP))) continue;
    placed.push(box);
    const faint = difficulty === 'faint' && part.subject !== null;
    return paintPart(canvas, part, outline, centre, faint, random);
  }
  return null;
}

function insideCentre(canvas: Canvas, outline: Outline, random: Random): PointCoords {
  const margin = 4;
  return {
    x: random.between(outline.halfWidth + margin, canvas.width - outline.halfWidth - margin),
    y: random.between(outline.halfHeight + margin, canvas.height - outline.halfHeight - margin),
  };
}

function croppedCentre(canvas: Canvas, outline: Outline, random: Random): PointCoords {
  const alongX = random.chance(0.5);
  const edge = (extent: number, half: number) => (random.chance(0.5) ? half * 0.3 : extent - half * 0.3);
  return {
    x: alongX ? edge(canvas.width, outline.halfWidth) : random.between(outline.halfWidth, canvas.width - outline.halfWidth),
    y: alongX ? random.between(outline.halfHeight, canvas.height - outline.halfHeight) : edge(canvas.height, outline.halfHeight),
  };
}

function overlaps(a: BoxCoords, b: BoxCoords, gap: number): boolean {
  return a.x0 < b.x1 + gap && b.x0 < a.x1 + gap && a.y0 < b.y1 + gap && b.y0 < a.y1 + gap;
}

function paintPart(
  canvas: Canvas,
  part: PartSpec,
  outline: Outline,
  centre: PointCoords,
  faint: boolean,
  random: Random,
): SceneObject | null {
  const base = hexToRgb(part.color).map((v) => v + random.between(-8, 8));
  const opacity = faint ? random.between(...FAINT_OPACITY) : 1;
  const extent = Math.max(outline.halfWidth, outline.halfHeight);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let sumX = 0;
  let sumY = 0;
  let area = 0;
  const xStart = Math.max(0, Math.floor(centre.x - outline.halfWidth));
  const xEnd = Math.min(canvas.width - 1, Math.ceil(centre.x + outline.halfWidth));
  const yStart = Math.max(0, Math.floor(centre.y - outline.halfHeight));
  const yEnd = Math.min(canvas.height - 1, Math.ceil(centre.y + outline.halfHeight));
  for (let y = yStart; y <= yEnd; y += 1) {
    for (let x = xStart; x <= xEnd; x += 1) {
      const dx = x + 0.5 - centre.x;
      const dy = y + 0.5 - centre.y;
      if (!outline.inside(dx, dy)) continue;
      // a soft highlight towards the top left makes the part look solid
      const shade = 1 - (0.08 * (dx + dy)) / extent;
      const colour: Rgb = [(base[0] ?? 0) * shade, (base[1] ?? 0) * shade, (base[2] ?? 0) * shade];
      blend(canvas, (y * canvas.width + x) * 3, colour, opacity);
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
      sumX += x + 0.5;
      sumY += y + 0.5;
      area += 1;
    }
  }
  if (area === 0) return null;
  const cropped =
    centre.x - outline.halfWidth < 0 ||
    centre.y - outline.halfHeight < 0 ||
    centre.x + outline.halfWidth > canvas.width ||
    centre.y + outline.halfHeight > canvas.height;
  return {
    subject: part.subject,
    shape: part.shape,
    box: { x0: minX, y0: minY, x1: maxX + 1, y1: maxY + 1 },
    centre: { x: sumX / area, y: sumY / area },
    faint,
    cropped,
  };
}

function lightAndAddNoise(canvas: Canvas, random: Random): void {
  const angle = random.between(0, 2 * Math.PI);
  const strength = random.between(0.12, 0.3);
  const cos = (Math.cos(angle) * strength) / canvas.width;
  const sin = (Math.sin(angle) * strength) / canvas.height;
  const noise = random.between(3, 7);
  for (let y = 0; y < canvas.height; y += 1) {
    for (let x = 0; x < canvas.width; x += 1) {
      const light = 1 + (x - canvas.width / 2) * cos + (y - canvas.height / 2) * sin;
      const i = (y * canvas.width + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        canvas.pixels[i + c] = (canvas.pixels[i + c] ?? 0) * light + (random.float() + random.float() - 1) * noise;
      }
    }
  }
}

async function encode(canvas: Canvas, format: 'png' | 'jpeg'): Promise<Buffer> {
  const bytes = Buffer.from(Uint8ClampedArray.from(canvas.pixels).buffer);
  const image = sharp(bytes, { raw: { width: canvas.width, height: canvas.height, channels: 3 } });
  return format === 'png' ? image.png({ compressionLevel: 3 }).toBuffer() : image.jpeg({ quality: 88 }).toBuffer();
}

function truthOf(spec: SceneSpec, objects: SceneObject[]): SceneTruth {
  const subjects = new Set([...spec.parts.map((part) => part.subject), spec.fill?.subject ?? null]);
  subjects.delete(null);
  const counts: Record<string, number> = Object.fromEntries([...subjects].map((subject) => [subject, 0]));
  const areas: Record<string, number> = {};
  const offsetX: Record<string, number> = {};
  const offsetY: Record<string, number> = {};
  for (const { subject, box } of objects) {
    if (subject === null) continue;
    counts[subject] = (counts[subject] ?? 0) + 1;
    areas[subject] = (areas[subject] ?? 0) + (box.x1 - box.x0) * (box.y1 - box.y0);
    offsetX[subject] = Math.min(offsetX[subject] ?? Infinity, box.x0);
    offsetY[subject] = Math.min(offsetY[subject] ?? Infinity, box.y0);
  }
  const ranked = Object.entries(areas).sort((a, b) => b[1] - a[1]);
  return {
    difficulty: spec.difficulty,
    objects,
    counts,
    presence: Object.fromEntries(Object.entries(counts).map(([subject, count]) => [subject, count > 0])),
    dominant: ranked[0]?.[0] ?? null,
    offsetX,
    offsetY,
  };
}
