import sharp from 'sharp';
import type { BoxCoords } from '../../src/api/types';
import type { Random } from './random';
import { blend, type Canvas } from './scene-paint';

/** A printed label lying on the belt, showing `text` (what an ocr application reads). */
export interface SignSpec {
  subject: string;
  text: string;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Paints a pale label with the text in dark print, a little tilted, somewhere on the belt; faint print in faint
 * scenes. Returns where the label lies. The camera's light, blur and noise fall on it like on everything else.
 */
export async function paintSign(canvas: Canvas, sign: SignSpec, faint: boolean, random: Random): Promise<BoxCoords> {
  const fontSize = Math.round(random.between(46, 56));
  const width = Math.round(sign.text.length * fontSize * 0.68 + fontSize * 1.2);
  const height = Math.round(fontSize * 1.8);
  const ink = faint ? Math.round(random.between(95, 130)) : Math.round(random.between(20, 45));
  const angle = random.between(-4, 4);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" rx="6" fill="rgb(238,234,222)"/>
    <text x="${width / 2}" y="${height * 0.68}" font-family="DejaVu Sans Mono" font-weight="bold" font-size="${fontSize}"
      text-anchor="middle" fill="rgb(${ink},${ink},${ink + 6})">${escapeXml(sign.text)}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const x0 = Math.round(random.between(10, Math.max(11, canvas.width - info.width - 10)));
  const y0 = Math.round(random.between(10, Math.max(11, canvas.height - info.height - 10)));
  for (let y = 0; y < info.height; y += 1) {
    for (let x = 0; x < info.width; x += 1) {
      const cx = x0 + x;
      const cy = y0 + y;
      const alpha = (data[(y * info.width + x) * 4 + 3] ?? 0) / 255;
      if (alpha === 0 || cx >= canvas.width || cy >= canvas.height) continue;
      const at = (y * info.width + x) * 4;
      blend(canvas, (cy * canvas.width + cx) * 3, [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0], alpha);
    }
  }
  return { x0, y0, x1: Math.min(canvas.width, x0 + info.width), y1: Math.min(canvas.height, y0 + info.height) };
}
