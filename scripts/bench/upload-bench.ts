import sharp from 'sharp';
import { getMedia } from '../../src/api/endpoints/media';
import { createSubject } from '../../src/api/endpoints/subjects';
import { uploadMediaToSubject } from '../../src/api/endpoints/uploads';
import { summarize, timed, type LatencySummary } from './stats';
import type { FreshService } from './fresh-service';

export interface UploadBenchOptions {
  uploads: number;
  width: number;
  height: number;
}

export const UPLOAD_BENCH: UploadBenchOptions = { uploads: 5, width: 4000, height: 3000 };

export interface UploadBenchResult {
  width: number;
  height: number;
  mean_bytes: number;
  resize_widths: string[];
  upload: LatencySummary;
}

/** A camera-like JPEG; `variant` changes its grey level, so that each upload is new content to store and resize. */
async function photoLikeJpeg(width: number, height: number, variant: number): Promise<Buffer> {
  const level = 100 + ((variant * 17) % 60);
  return sharp({
    create: { width, height, channels: 3, background: { r: level, g: level, b: level }, noise: { type: 'gaussian', mean: level, sigma: 30 } },
  })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Times uploads of large photos straight to a subject: the response comes once the original and its resized copies are stored. */
export async function benchUpload(service: FreshService, options: UploadBenchOptions = UPLOAD_BENCH): Promise<UploadBenchResult> {
  const client = await service.signIn('admin');
  const subject = await createSubject(client, { name: 'bench uploads' });
  const images = await Promise.all(Array.from({ length: options.uploads }, (_, index) => photoLikeJpeg(options.width, options.height, index)));
  const samples: number[] = [];
  const mediaIds: string[] = [];
  for (const [index, image] of images.entries()) {
    const file = new Blob([new Uint8Array(image)], { type: 'image/jpeg' });
    const uploaded = await timed(samples, () => uploadMediaToSubject(client, subject.subject_uid, file, `bench-${index + 1}.jpg`));
    mediaIds.push(uploaded.media_id);
  }
  const last = await getMedia(client, mediaIds.at(-1) as string);
  return {
    width: options.width,
    height: options.height,
    mean_bytes: Math.round(images.reduce((sum, image) => sum + image.length, 0) / images.length),
    resize_widths: Object.keys(last.resize_urls),
    upload: summarize(samples),
  };
}
