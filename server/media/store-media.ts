import type { BlobStore } from './blob-store';
import type { ImageFacts } from './inspect';
import { IMAGE_CONTENT_TYPES, inspectImage } from './inspect';
import { makeVariants } from './variants';

export interface StoredMedia extends ImageFacts {
  originalKey: string;
  /** Blob key of each resized WebP copy, by its width as a string ("256", "1024", "2048"). */
  variants: Record<string, string>;
}

/** Checks an upload, then stores it and its resized copies. Refuses a file too large or not an image (a DomainError). */
export async function storeMedia(
  store: BlobStore,
  bytes: Buffer,
  options: { maxBytes?: number } = {},
): Promise<StoredMedia> {
  const facts = await inspectImage(bytes, options);
  const [original, variants] = await Promise.all([
    store.put(bytes, IMAGE_CONTENT_TYPES[facts.format]),
    makeVariants(bytes),
  ]);
  const variantKeys = await Promise.all(
    variants.map(async ({ width, bytes: variantBytes }) => {
      const { key } = await store.put(variantBytes, 'image/webp');
      return [String(width), key] as const;
    }),
  );
  return { ...facts, originalKey: original.key, variants: Object.fromEntries(variantKeys) };
}
