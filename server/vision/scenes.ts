import type { BoxCoords } from '../../src/api/types';
import type { PointCoords } from '../../src/api/application-types/answer';
import { hexToRgb, type Rgb } from './colour';
import { createRandom, type Random } from './random';
import { encode, lightAndAddNoise, type CameraBlur, type Lighting } from './scene-camera';
import { paintSign, type SignSpec } from './scene-sign';
import { createCanvas, fillRect, paintBelt, paintCable, paintGuard, paintPart, paintShadow, sceneLight, type Canvas, type Light } from './scene-paint';
import { outlineOf, type Outline, type PartShape } from './shapes';

/**
 * Synthetic "parts on a conveyor" scenes with their ground truth.
 * - clear: every part in full contrast, inside the frame, apart from the others;
 * - faint: like clear, but the subjects' parts are washed out (low contrast);
 * - cluttered: parts may overlap each other and cross the frame edge; a cable or a guard may lie over them, the
 *   shadow of something overhead may fall across them, the belt's motion may blur them.
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
interface FillSpec {
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
  sign?: SignSpec | null;
  format?: 'png' | 'jpeg';
}

interface SceneObject {
  subject: string | null;
  shape: PartShape;
  /** Extent of the object's pixels in the frame (x1, y1 exclusive), including any hidden by later parts, a cable or a guard. */
  box: BoxCoords;
  /** Mean position of the object's pixels in the frame. */
  centre: PointCoords;
  faint: boolean;
  /** Partly outside the frame. */
  cropped: boolean;
}

/** How the camera saw the scene. */
interface SceneConditions {
  /** Parts are brighter on the light's side; their shadows fall away from it. */
  light: Light;
  /** A cable lies across one of the parts. */
  cable: boolean;
  /** A steel guard reaches into the frame. */
  guard: boolean;
  /** The shadow of something overhead falls across one of the parts. */
  shadowBand: boolean;
  blur: CameraBlur;
}

interface SceneTruth {
  difficulty: SceneDifficulty;
  conditions: SceneConditions;
  objects: SceneObject[];
  /** Per subject name: how many of its objects are in the frame. */
  counts: Record<string, number>;
  presence: Record<string, boolean>;
  /** The subject with the largest total area, the scene's class; null when no subject is shown. */
  dominant: string | null;
  /** Per present subject: the distance from the left / top edge to the nearest of its objects. */
  offsetX: Record<string, number>;
  offsetY: Record<string, number>;
  /** Per subject shown by a sign: its text. */
  texts: Record<string, string>;
}

export interface GeneratedScene {
  image: Buffer;
  width: number;
  height: number;
  format: 'png' | 'jpeg';
  truth: SceneTruth;
}

const FAINT_OPACITY: readonly [number, number] = [0.3, 0.42];
const PLACEMENT_ATTEMPTS = 60;
const GAP = 6;
const SHADOW_DEPTH = 0.45;

/**
 * Paints the scene as an inspection camera sees it (see scene-paint.ts and scene-camera.ts): a worn belt under light from one side,
 * shaded parts with their shadows, in cluttered scenes a cable or guard over the parts and the shadow of something
 * overhead, then vignetting, a slight blur (motion blur in some cluttered scenes) and sensor noise.
 */
export async function generateScene(spec: SceneSpec, seed: number): Promise<GeneratedScene> {
  const random = createRandom(seed);
  const canvas = createCanvas(spec.width, spec.height);
  const light = sceneLight(random);
  paintBelt(canvas, random);
  const objects: SceneObject[] = [];
  if (spec.fill) objects.push(paintFill(canvas, spec.fill, spec.difficulty === 'faint', random));
  const placed: BoxCoords[] = [];
  if (spec.sign) {
    const box = await paintSign(canvas, spec.sign, spec.difficulty === 'faint', random);
    placed.push(box);
    objects.push({ subject: spec.sign.subject, shape: 'rect', box, centre: { x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2 }, faint: false, cropped: false });
  }
  for (const part of shuffledParts(spec.parts, random)) {
    const object = placeAndPaint(canvas, part, spec.difficulty, placed, light, random);
    if (object) objects.push(object);
  }
  const cluttered = spec.difficulty === 'cluttered';
  // what gets in the way falls across one of the parts, preferably one the applications look for
  const subjects = objects.filter((object) => object.subject !== null);
  const target = () => (subjects.length > 0 ? random.pick(subjects).centre : objects.length > 0 ? random.pick(objects).centre : middleOf(canvas));
  const cable = cluttered && random.chance(0.4);
  if (cable) paintCable(canvas, light, target(), random);
  const guard = cluttered && random.chance(0.3);
  if (guard) paintGuard(canvas, light, random);
  const band = cluttered && random.chance(0.6) ? shadowBand(target(), random) : null;
  lightAndAddNoise(canvas, light, { shadowBand: band }, random);
  const blur = { sigma: random.between(0.5, 0.9), motion: cluttered && random.chance(0.3) ? random.pick([3, 5, 7]) : 0 };
  const format = spec.format ?? 'png';
  const conditions = { light, cable, guard, shadowBand: band !== null, blur };
  return { image: await encode(canvas, format, blur), width: spec.width, height: spec.height, format, truth: truthOf(spec, objects, conditions) };
}

const middleOf = (canvas: Canvas): PointCoords => ({ x: canvas.width / 2, y: canvas.height / 2 });

/** The shadow of a beam overhead, across `through`: deep enough that a part in it loses much of its colour. */
function shadowBand(through: PointCoords, random: Random): NonNullable<Lighting['shadowBand']> {
  const angle = random.between(-0.35, 0.35) + (random.chance(0.5) ? 0 : Math.PI / 2);
  const offset = through.x * Math.cos(angle) + through.y * Math.sin(angle) + random.between(-20, 20);
  return { angle, offset, width: random.between(70, 150), depth: random.between(0.55, 0.75) };
}

function shuffledParts(parts: readonly PartSpec[], random: Random): PartSpec[] {
  const single = parts.flatMap((part) => Array.from({ length: part.count }, () => part));
  for (let i = single.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [single[i], single[j]] = [single[j] as PartSpec, single[i] as PartSpec];
  }
  return single;
}

/** A container behind a window with glass walls and a sheen, filled with liquid from `level` to its bottom. */
function paintFill(canvas: Canvas, fill: FillSpec, faint: boolean, random: Random): SceneObject {
  const x0 = Math.round(canvas.width * random.between(0.25, 0.35));
  const x1 = Math.round(canvas.width * random.between(0.65, 0.75));
  const bottom = Math.round(canvas.height * 0.92);
  const top = Math.round(canvas.height * 0.08);
  fillRect(canvas, { x0, y0: top, x1, y1: bottom }, [196, 202, 208], 0.55);
  const liquid = { x0, y0: Math.round(fill.level), x1, y1: bottom };
  fillRect(canvas, liquid, hexToRgb(fill.color), faint ? random.between(...FAINT_OPACITY) : 1);
  // the liquid darker towards the bottom, the glass walls, a sheen down the glass
  const depthShade = random.between(0.1, 0.2);
  for (let y = liquid.y0; y < liquid.y1; y += 1) {
    const factor = 1 - (depthShade * (y - liquid.y0)) / Math.max(1, liquid.y1 - liquid.y0);
    for (let x = x0; x < x1; x += 1) {
      const i = (y * canvas.width + x) * 3;
      for (let c = 0; c < 3; c += 1) canvas.pixels[i + c] = (canvas.pixels[i + c] ?? 0) * factor;
    }
  }
  fillRect(canvas, { x0: x0 - 4, y0: top, x1: x0, y1: bottom }, [120, 126, 132], 0.8);
  fillRect(canvas, { x0: x1, y0: top, x1: x1 + 4, y1: bottom }, [120, 126, 132], 0.8);
  const sheen = Math.round(x0 + (x1 - x0) * random.between(0.15, 0.3));
  fillRect(canvas, { x0: sheen, y0: top, x1: sheen + random.int(6, 14), y1: bottom }, [255, 255, 255], 0.12);
  return {
    subject: fill.subject,
    shape: 'rect',
    box: liquid,
    centre: { x: (liquid.x0 + liquid.x1) / 2, y: (liquid.y0 + liquid.y1) / 2 },
    faint,
    cropped: false,
  };
}

function placeAndPaint(
  canvas: Canvas,
  part: PartSpec,
  difficulty: SceneDifficulty,
  placed: BoxCoords[],
  light: Light,
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
    if (difficulty !== 'cluttered' && placed.some((other) => overlaps(box, other, GAP + light.shadowLength))) continue;
    placed.push(box);
    const faint = difficulty === 'faint' && part.subject !== null;
    const opacity = faint ? random.between(...FAINT_OPACITY) : 1;
    const [r, g, b] = hexToRgb(part.color);
    const colour: Rgb = [r + random.between(-8, 8), g + random.between(-8, 8), b + random.between(-8, 8)];
    if (outline.raised) paintShadow(canvas, outline, centre, light, SHADOW_DEPTH * opacity);
    const pixels = paintPart(canvas, outline, centre, colour, opacity, light);
    if (!pixels) return null;
    const cropped =
      centre.x - outline.halfWidth < 0 ||
      centre.y - outline.halfHeight < 0 ||
      centre.x + outline.halfWidth > canvas.width ||
      centre.y + outline.halfHeight > canvas.height;
    return { subject: part.subject, shape: part.shape, box: pixels.box, centre: pixels.centre, faint, cropped };
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

function truthOf(spec: SceneSpec, objects: SceneObject[], conditions: SceneConditions): SceneTruth {
  const subjects = new Set([...spec.parts.map((part) => part.subject), spec.fill?.subject ?? null, spec.sign?.subject ?? null]);
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
    conditions,
    objects,
    counts,
    presence: Object.fromEntries(Object.entries(counts).map(([subject, count]) => [subject, count > 0])),
    dominant: ranked[0]?.[0] ?? null,
    offsetX,
    offsetY,
    texts: spec.sign ? { [spec.sign.subject]: spec.sign.text } : {},
  };
}
