import sharp from 'sharp';
import type { Random } from './random';
import type { Canvas, Light } from './scene-paint';

// What the camera adds to the painted frame: the light over the whole of it, its lens and motion blur, its noise.

export interface Lighting {
  /** The shadow of something overhead: a soft band across the frame, darkened by `depth`. */
  shadowBand: { angle: number; offset: number; width: number; depth: number } | null;
}

/**
 * The light over the whole frame: brighter towards the light, a vignette towards the corners, the camera's colour
 * balance a little off, perhaps a shadow band, then sensor noise.
 */
export function lightAndAddNoise(canvas: Canvas, light: Light, lighting: Lighting, random: Random): void {
  const { width, height, pixels } = canvas;
  const strength = random.between(0.12, 0.3);
  const towardsX = (light.x * strength) / width;
  const towardsY = (light.y * strength) / height;
  const vignette = random.between(0.1, 0.28);
  const gains = [1 + random.between(-0.04, 0.04), 1, 1 + random.between(-0.05, 0.03)];
  const noise = random.between(3, 7);
  const band = lighting.shadowBand;
  const bandCos = band ? Math.cos(band.angle) : 0;
  const bandSin = band ? Math.sin(band.angle) : 0;
  for (let y = 0; y < height; y += 1) {
    const cy = (y - height / 2) / (height / 2);
    for (let x = 0; x < width; x += 1) {
      const cx = (x - width / 2) / (width / 2);
      let lit = (1 + (x - width / 2) * towardsX + (y - height / 2) * towardsY) * (1 - vignette * 0.5 * (cx * cx + cy * cy));
      if (band) {
        const across = Math.abs(x * bandCos + y * bandSin - band.offset) - band.width / 2;
        const inside = Math.min(1, Math.max(0, 0.5 - across / 16));
        lit *= 1 - band.depth * inside;
      }
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1) pixels[i + c] = (pixels[i + c] ?? 0) * lit * (gains[c] ?? 1) + (random.float() + random.float() - 1) * noise;
    }
  }
}

export interface CameraBlur {
  /** The lens's slight softness (Gaussian sigma, pixels). */
  sigma: number;
  /** Motion blur along the belt (an odd number of pixels from 3), 0 for none. */
  motion: number;
}

export async function encode(canvas: Canvas, format: 'png' | 'jpeg', blur: CameraBlur): Promise<Buffer> {
  const bytes = Buffer.from(Uint8ClampedArray.from(canvas.pixels).buffer);
  let image = sharp(bytes, { raw: { width: canvas.width, height: canvas.height, channels: 3 } }).blur(blur.sigma);
  if (blur.motion >= 3) {
    // sharp's kernels are at least 3 high: the blur along the belt is the middle row
    const row = (r: number) => Array.from({ length: blur.motion }, () => (r === 1 ? 1 : 0));
    image = image.convolve({ width: blur.motion, height: 3, kernel: [...row(0), ...row(1), ...row(2)] });
  }
  return format === 'png' ? image.png({ compressionLevel: 3 }).toBuffer() : image.jpeg({ quality: 86 }).toBuffer();
}
