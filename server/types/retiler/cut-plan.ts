import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { BoxCoords } from '../../../src/api/types';
import { encodeLikeSource } from '../../media/encode-like';
import { decodeWhole, openImage, PLAN_MAX_PIXELS, runImageWork } from '../../media/open-image';
import { makeScratchDir } from '../../media/scratch-dir';

/**
 * The parts of a plan at these boxes, each in the plan's format (JPEG) or else as PNG. The plan is decoded once, top
 * to bottom a band of rows at a time, into an uncompressed libvips file in a scratch folder (at most PLAN_MAX_PIXELS ×
 * 4 bytes on disk, never whole in memory); libvips then maps each part's rows from that file. Decoding a JPEG again
 * for every part would read the rows above it each time. A plan whose pixel data ends early is refused
 * (IncompleteImage), never cut into grey sub-plans.
 */
export function cutPlan(bytes: Buffer, boxes: readonly BoxCoords[]): Promise<{ image: Buffer; extension: 'jpg' | 'png' }[]> {
  return runImageWork(async () => {
    const folder = await makeScratchDir('plan');
    try {
      const decoded = path.join(folder, 'plan.v');
      const { format } = await openImage(bytes, { plan: true }).metadata();
      await decodeWhole((failOn) => openImage(bytes, { plan: true }, failOn).toFile(decoded));
      const parts = [];
      for (const { x0, y0, x1, y1 } of boxes) {
        // The scratch file is this process's own decode of an image already checked against the plan limit.
        const part = sharp(decoded, { limitInputPixels: PLAN_MAX_PIXELS }).extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 });
        parts.push(await encodeLikeSource(part, format));
      }
      return parts;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
}
