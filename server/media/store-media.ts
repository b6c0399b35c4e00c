import type { BlobStore } from './blob-store';
import type { ImageFacts } from './inspect';
import { IMAGE_CONTENT_TYPES, inspectImage, refuseLargerThan, sniffImageFormat } from './inspect';
import { invalid, unsupportedMedia } from '../errors';
import { makeVariants } from './variants';
import type { PlanAllowance } from './open-image';
import { describeText, sniffVideoFormat, type VideoFormat } from './container';
import { inspectVideo, isAnimatedGif, VIDEO_CONTENT_TYPES } from './video';

export interface StoredMedia extends Omit<ImageFacts, 'format'> {
  format: ImageFacts['format'] | VideoFormat;
  originalKey: string;
  /**
   * Blob key of each resized WebP copy, by its width as a string ("256", "1024", "2048"). A video's come from its
   * poster, which is here too at its full width (a JPEG): a video always has a still to show.
   */
  variants: Record<string, string>;
  /** Seconds: set for a video (or animated GIF) only. */
  duration?: number;
}

async function storeVariants(store: BlobStore, image: Buffer, allowance: PlanAllowance = {}): Promise<Record<string, string>> {
  const variants = await makeVariants(image, allowance);
  const keys = await Promise.all(
    variants.map(async ({ width, bytes }) => {
      const { key } = await store.put(bytes, 'image/webp');
      return [String(width), key] as const;
    }),
  );
  return Object.fromEntries(keys);
}

/** The video format of the bytes: a video container, or a GIF of more than one frame. */
async function videoFormatOf(bytes: Buffer): Promise<VideoFormat | null> {
  const format = sniffVideoFormat(bytes);
  if (format === 'gif') return (await isAnimatedGif(bytes)) ? 'gif' : null;
  return format;
}

const ACCEPTED = 'a JPEG, PNG, WebP or GIF image, nor an MP4, MOV, WebM, MKV or AVI video';

/** Names a text file (a manifest or playlist points to other files, which the service never reads). */
function notMedia(bytes: Buffer) {
  if (bytes.length === 0) return invalid(`The file is empty (0 bytes): send ${ACCEPTED.replace(', nor ', ', or ')}.`);
  const text = describeText(bytes);
  return unsupportedMedia(text ? `The file is ${text}, not ${ACCEPTED}: the service reads only the file sent.` : `The file is not ${ACCEPTED}.`);
}

async function storeVideo(store: BlobStore, bytes: Buffer, format: VideoFormat): Promise<StoredMedia> {
  const { poster, ...facts } = await inspectVideo(bytes, format);
  const [original, posterStored, variants] = await Promise.all([
    store.put(bytes, VIDEO_CONTENT_TYPES[format]),
    store.put(poster, 'image/jpeg'),
    storeVariants(store, poster),
  ]);
  return { ...facts, originalKey: original.key, variants: { ...variants, [String(facts.width)]: posterStored.key } };
}

/**
 * Checks an upload, then stores it and its resized copies (of a video: its poster and the poster's copies). Refuses
 * a file too large, or neither an image nor a video the service reads (a DomainError). A plan may have more pixels.
 */
export async function storeMedia(
  store: BlobStore,
  bytes: Buffer,
  options: { maxBytes?: number } & PlanAllowance = {},
): Promise<StoredMedia> {
  refuseLargerThan(bytes, options.maxBytes);
  const videoFormat = await videoFormatOf(bytes);
  if (videoFormat) return storeVideo(store, bytes, videoFormat);
  if (!sniffImageFormat(bytes)) throw notMedia(bytes);
  const facts = await inspectImage(bytes, options);
  const [original, variants] = await Promise.all([store.put(bytes, IMAGE_CONTENT_TYPES[facts.format]), storeVariants(store, bytes, options)]);
  return { ...facts, originalKey: original.key, variants };
}
