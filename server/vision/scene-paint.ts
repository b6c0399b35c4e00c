import type { BoxCoords } from '../../src/api/types';
import type { PointCoords } from '../../src/api/application-types/answer';
import type { Rgb } from './colour';
import type { Random } from './random';
import type { Outline } from './shapes';

/**
 * Painting an inspection line's camera frame: a worn belt under a light from one side, parts with shading and
 * shadows, cables and guards in the way (the camera's part, light, blur and noise, is in scene-camera.ts).
 */
export interface Canvas {
  width: number;
  height: number;
  /** R, G, B per pixel, row by row, 0..255 (values outside are clamped when encoded). */
  pixels: Float32Array;
}

/** Where the light comes from: a unit vector in the image plane (towards the light) and how long shadows fall. */
export interface Light {
  x: number;
  y: number;
  shadowLength: number;
}

export function createCanvas(width: number, height: number): Canvas {
  return { width, height, pixels: new Float32Array(width * height * 3) };
}

export function sceneLight(random: Random): Light {
  // from above the belt, somewhere between upper left and upper right
  const angle = random.between(-0.85, -0.15) * Math.PI;
  return { x: Math.cos(angle), y: Math.sin(angle), shadowLength: random.between(4, 9) };
}

export function blend(canvas: Canvas, index: number, colour: Rgb, opacity: number): void {
  for (let c = 0; c < 3; c += 1) {
    const under = canvas.pixels[index + c] ?? 0;
    canvas.pixels[index + c] = under + ((colour[c] ?? 0) - under) * opacity;
  }
}

function darken(canvas: Canvas, index: number, factor: number): void {
  for (let c = 0; c < 3; c += 1) canvas.pixels[index + c] = (canvas.pixels[index + c] ?? 0) * factor;
}

export function fillRect(canvas: Canvas, box: BoxCoords, colour: Rgb, opacity: number): void {
  for (let y = Math.max(0, box.y0); y < Math.min(canvas.height, box.y1); y += 1) {
    for (let x = Math.max(0, box.x0); x < Math.min(canvas.width, box.x1); x += 1) blend(canvas, (y * canvas.width + x) * 3, colour, opacity);
  }
}

/** Smooth value noise in -1..1 whose features are about `cell` pixels across. */
function valueNoise(width: number, height: number, cell: number, random: Random): Float32Array {
  const columns = Math.ceil(width / cell) + 2;
  const rows = Math.ceil(height / cell) + 2;
  const grid = Float32Array.from({ length: columns * rows }, () => random.float() * 2 - 1);
  const noise = new Float32Array(width * height);
  const smooth = (t: number) => t * t * (3 - 2 * t);
  for (let y = 0; y < height; y += 1) {
    const gy = y / cell;
    const row = Math.floor(gy);
    const fy = smooth(gy - row);
    for (let x = 0; x < width; x += 1) {
      const gx = x / cell;
      const column = Math.floor(gx);
      const fx = smooth(gx - column);
      const i = row * columns + column;
      const top = (grid[i] ?? 0) + ((grid[i + 1] ?? 0) - (grid[i] ?? 0)) * fx;
      const bottom = (grid[i + columns] ?? 0) + ((grid[i + columns + 1] ?? 0) - (grid[i + columns] ?? 0)) * fx;
      noise[y * width + x] = top + (bottom - top) * fy;
    }
  }
  return noise;
}

/** A rubber belt with wear blotches, a fine mottle, streaks along its run, slats, scratches and dust; steel rails. */
export function paintBelt(canvas: Canvas, random: Random): void {
  const { width, height, pixels } = canvas;
  const base = random.between(62, 92);
  const tint = [random.between(-4, 4), random.between(-3, 3), random.between(-2, 6)];
  const slatPeriod = random.int(28, 52);
  const slatPhase = random.int(0, slatPeriod);
  const rail = random.int(14, 30);
  const wear = valueNoise(width, height, random.between(70, 130), random);
  const mottle = valueNoise(width, height, random.between(6, 12), random);
  const wearDepth = random.between(6, 14);
  for (let y = 0; y < height; y += 1) {
    const rowGrain = random.between(-4, 4);
    const railRow = y < rail ? y : y >= height - rail ? height - 1 - y : -1;
    const brushed = random.between(-5, 5);
    for (let x = 0; x < width; x += 1) {
      const n = y * width + x;
      let level: number;
      if (railRow >= 0) {
        // brushed steel, bright along its top edge, in shadow along the edge that meets the belt
        const edge = railRow === rail - 1 || railRow === rail - 2 ? -40 : railRow < 2 ? 25 : 0;
        level = base + 60 + brushed + (mottle[n] ?? 0) * 3 + edge;
      } else {
        const slat = (x + slatPhase) % slatPeriod < 3 ? -12 : 0;
        level = base + rowGrain + slat + (wear[n] ?? 0) * wearDepth + (mottle[n] ?? 0) * 3;
      }
      const i = n * 3;
      pixels[i] = level + (tint[0] ?? 0);
      pixels[i + 1] = level + (tint[1] ?? 0);
      pixels[i + 2] = level + (tint[2] ?? 0);
    }
  }
  paintScratches(canvas, rail, random);
  paintDust(canvas, random);
}

function paintScratches(canvas: Canvas, rail: number, random: Random): void {
  for (let s = random.int(2, 7); s > 0; s -= 1) {
    const y = random.int(rail + 2, canvas.height - rail - 3);
    const x0 = random.int(0, canvas.width - 40);
    const length = random.int(30, 200);
    const lighter = random.between(8, 18);
    for (let x = x0; x < Math.min(canvas.width, x0 + length); x += 1) {
      const i = (y * canvas.width + x) * 3;
      for (let c = 0; c < 3; c += 1) canvas.pixels[i + c] = (canvas.pixels[i + c] ?? 0) + lighter;
    }
  }
}

function paintDust(canvas: Canvas, random: Random): void {
  for (let s = random.int(20, 70); s > 0; s -= 1) {
    const x = random.int(0, canvas.width - 2);
    const y = random.int(0, canvas.height - 2);
    const shift = random.chance(0.6) ? random.between(15, 40) : -random.between(15, 30);
    const size = random.chance(0.3) ? 2 : 1;
    for (let dy = 0; dy < size; dy += 1) {
      for (let dx = 0; dx < size; dx += 1) {
        const i = ((y + dy) * canvas.width + x + dx) * 3;
        for (let c = 0; c < 3; c += 1) canvas.pixels[i + c] = (canvas.pixels[i + c] ?? 0) + shift;
      }
    }
  }
}

/** The pixels of a part's bounding box inside the frame, each with its offset from the part's centre. */
function forEachInBox(canvas: Canvas, outline: Outline, centre: PointCoords, margin: number, visit: (index: number, x: number, y: number, dx: number, dy: number) => void) {
  const xStart = Math.max(0, Math.floor(centre.x - outline.halfWidth - margin));
  const xEnd = Math.min(canvas.width - 1, Math.ceil(centre.x + outline.halfWidth + margin));
  const yStart = Math.max(0, Math.floor(centre.y - outline.halfHeight - margin));
  const yEnd = Math.min(canvas.height - 1, Math.ceil(centre.y + outline.halfHeight + margin));
  for (let y = yStart; y <= yEnd; y += 1) {
    for (let x = xStart; x <= xEnd; x += 1) visit((y * canvas.width + x) * 3, x, y, x + 0.5 - centre.x, y + 0.5 - centre.y);
  }
}

/** The soft shadow a part casts on whatever lies under it, away from the light. */
export function paintShadow(canvas: Canvas, outline: Outline, centre: PointCoords, light: Light, depth: number): void {
  const far = { x: -light.x * light.shadowLength, y: -light.y * light.shadowLength };
  const margin = light.shadowLength + 1;
  forEachInBox(canvas, outline, centre, margin, (index, _x, _y, dx, dy) => {
    const core = outline.inside(dx - far.x, dy - far.y) ? 0.5 : 0;
    const penumbra = outline.inside(dx - far.x * 0.55, dy - far.y * 0.55) ? 0.5 : 0;
    if (core + penumbra > 0) darken(canvas, index, 1 - depth * (core + penumbra));
  });
}

export interface PaintedPixels {
  area: number;
  box: BoxCoords;
  centre: PointCoords;
}

/**
 * A part in its colour, lit from the light's side: its surface's slope brightens or darkens it, shiny parts catch
 * a highlight. Returns the pixels it covers in the frame (none when it lies wholly outside).
 */
export function paintPart(canvas: Canvas, outline: Outline, centre: PointCoords, colour: Rgb, opacity: number, light: Light): PaintedPixels | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let sumX = 0;
  let sumY = 0;
  let area = 0;
  const shaded: [number, number, number] = [0, 0, 0];
  forEachInBox(canvas, outline, centre, 0, (index, x, y, dx, dy) => {
    if (!outline.inside(dx, dy)) return;
    const surface = outline.surface(dx, dy);
    const facing = surface.nx * light.x + surface.ny * light.y;
    const shade = (0.94 + 0.28 * facing) * surface.detail;
    const highlight = outline.shine * Math.max(0, facing) ** 6;
    for (let c = 0; c < 3; c += 1) {
      const lit = (colour[c] ?? 0) * shade;
      shaded[c] = lit + (255 - lit) * highlight;
    }
    blend(canvas, index, shaded, opacity);
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
    sumX += x + 0.5;
    sumY += y + 0.5;
    area += 1;
  });
  if (area === 0) return null;
  return { area, box: { x0: minX, y0: minY, x1: maxX + 1, y1: maxY + 1 }, centre: { x: sumX / area, y: sumY / area } };
}

/** A black cable lying across the belt in a gentle curve through `through`, with a sheen and its shadow beside it. */
export function paintCable(canvas: Canvas, light: Light, through: PointCoords, random: Random): void {
  const thickness = random.between(9, 16);
  const half = thickness / 2;
  const amplitude = random.between(10, 60);
  const wavelength = random.between(300, 900);
  const phase = random.between(0, 2 * Math.PI);
  const drift = random.between(-0.25, 0.25);
  const curve = (x: number) => drift * x + amplitude * Math.sin((2 * Math.PI * x) / wavelength + phase);
  const start = through.y - curve(through.x);
  const shadowY = -light.y * light.shadowLength;
  for (let x = 0; x < canvas.width; x += 1) {
    const middle = start + curve(x);
    for (let y = Math.max(0, Math.floor(middle - half - 2)); y <= Math.min(canvas.height - 1, Math.ceil(middle + half + shadowY + 2)); y += 1) {
      const index = (y * canvas.width + x) * 3;
      const across = (y + 0.5 - middle) / half;
      if (Math.abs(across) <= 1) {
        const facing = -across * light.y;
        const level = 26 + 22 * Math.max(0, facing) ** 3 + 8 * facing;
        blend(canvas, index, [level, level, level + 2], 1);
      } else if (Math.abs(y + 0.5 - middle - shadowY) <= half) darken(canvas, index, 0.65);
    }
  }
}

/** A steel guard reaching into the frame from its top or bottom edge, with a bevelled edge and two screws. */
export function paintGuard(canvas: Canvas, light: Light, random: Random): void {
  const fromTop = random.chance(0.5);
  const depth = random.between(40, 110);
  const x0 = Math.round(random.between(-0.1, 0.6) * canvas.width);
  const x1 = Math.min(canvas.width, x0 + Math.round(random.between(0.25, 0.5) * canvas.width));
  const grain = valueNoise(x1 - Math.max(0, x0), Math.ceil(depth), 3, random);
  const base = random.between(145, 185);
  const shadow = light.shadowLength * (fromTop ? -light.y : light.y);
  for (let row = 0; row < depth + shadow + 1; row += 1) {
    const y = fromTop ? row : canvas.height - 1 - row;
    if (y < 0 || y >= canvas.height) continue;
    for (let x = Math.max(0, x0); x < x1; x += 1) {
      const index = (y * canvas.width + x) * 3;
      if (row >= depth) {
        darken(canvas, index, 0.6);
        continue;
      }
      const toEdge = depth - row;
      const bevel = toEdge < 4 ? (fromTop ? -light.y : light.y) * 30 : 0;
      const level = base + (grain[row * (x1 - Math.max(0, x0)) + x - Math.max(0, x0)] ?? 0) * 6 + bevel;
      blend(canvas, index, [level, level + 2, level + 5], 1);
    }
  }
  for (const at of [0.25, 0.75]) {
    const cx = x0 + (x1 - x0) * at;
    const cy = fromTop ? depth / 2 : canvas.height - depth / 2;
    for (let y = Math.floor(cy - 6); y <= cy + 6; y += 1) {
      for (let x = Math.floor(cx - 6); x <= cx + 6; x += 1) {
        if (x < 0 || x >= canvas.width || y < 0 || y >= canvas.height || Math.hypot(x - cx, y - cy) > 5.5) continue;
        const level = 95 + 40 * ((light.x * (x - cx) + light.y * (y - cy)) / 6);
        blend(canvas, (y * canvas.width + x) * 3, [level, level, level + 3], 1);
      }
    }
  }
}
