import sharp from 'sharp';
import type { TextReading } from '../../../src/api/application-types/answer';
import type { OcrSettings } from '../../../src/api/application-types/ocr';
import type { Focus } from '../../../src/api/types';
import { MAX_MEDIA_PIXELS, runImageWork } from '../../media/open-image';
import { clampBox } from '../models/media-box';
import { ModelThread } from '../model-thread';
import { readingOf, type ReadLine } from './reading';

/** Text lower than this many pixels is scaled up: the recogniser reads lines at 48 pixels high. */
const MIN_READ_HEIGHT = 96;

/** Larger images are scaled down to this longest side (PaddleOCR's own limit for its detector, 960). */
const MAX_READ_SIDE = 960;

/**
 * PP-OCR in a thread of its own, ended after 30 s without work: its two ONNX sessions and their WebAssembly memory
 * take about half a gigabyte, which a service that reads text now and then should not hold. At most 16 images wait.
 */
const thread = new ModelThread<Uint8Array, ReadLine[]>({
  name: 'the text reader',
  entry: new URL('./reader-worker-entry.mjs', import.meta.url),
  queueLimit: 16,
  idleMs: 30_000,
});

/** The image (or its focus region), scaled up when its text would be too small to read and down when very large. */
async function readerInput(image: Buffer, focus?: Focus | null): Promise<Uint8Array> {
  const metadata = await sharp(image, { limitInputPixels: MAX_MEDIA_PIXELS }).metadata();
  const frame = focus ? clampBox(focus.box, metadata.width, metadata.height) : { x0: 0, y0: 0, x1: metadata.width, y1: metadata.height };
  const [width, height] = [frame.x1 - frame.x0, frame.y1 - frame.y0];
  const scale = Math.min(Math.max(1, MIN_READ_HEIGHT / height), MAX_READ_SIDE / Math.max(width, height));
  return sharp(image, { limitInputPixels: MAX_MEDIA_PIXELS })
    .extract({ left: frame.x0, top: frame.y0, width, height })
    .resize({ width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), kernel: 'lanczos3' })
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * The text in the image (or its focus), as PP-OCR reads it, in the application's character set and reading order,
 * and its confidence; an empty text when it read nothing.
 */
export async function readText(image: Buffer, focus: Focus | null | undefined, settings: OcrSettings): Promise<TextReading> {
  const input = await runImageWork(() => readerInput(image, focus));
  return readingOf(await thread.run(input, [input.buffer as ArrayBuffer]), settings);
}
