import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Media } from '../../src/api/schemas/media';
import { drainProcessing } from '../processing/pipeline';
import { multipartBody } from '../testing/multipart-body';
import { createSubject, labeller, mediaOfSubject, post, t, uploadToSubject, usePipelineApp } from '../testing/pipeline-fixture';
import { buildPlanMosaic, LARGE_PLAN } from '../testing/plan-mosaic';

usePipelineApp({ allowSpecialTypes: true });

/** Building the mosaic takes some seconds, and the retiler's decode of 108 megapixels some more on a small machine. */
const SLOW = 180_000;

async function bytesOf(media: Media): Promise<Buffer> {
  const { pathname, search } = new URL(media.media_url);
  return (await t.inject({ method: 'GET', url: pathname + search })).rawPayload;
}

/** The mean absolute difference of two images' pixels at 1/8 of the size (JPEG round trips differ slightly). */
async function meanDifference(a: Sharp, b: Sharp, width: number): Promise<number> {
  const [pa, pb] = await Promise.all([a, b].map((image) => image.resize({ width: Math.round(width / 8) }).removeAlpha().raw().toBuffer()));
  return pa!.reduce((sum, value, i) => sum + Math.abs(value - pb![i]!), 0) / pa!.length;
}

describe('a retiler on a 12,000 × 9,000 mosaic of real photographs', () => {
  it(
    'is refused with 413 by a subject no retiler reads, and cut into nine 4,000 × 3,000 sub-plans through a retiler',
    async () => {
      const mosaic = await buildPlanMosaic(LARGE_PLAN);
      expect(await sharp(mosaic).metadata()).toMatchObject({ width: 12_000, height: 9000, format: 'jpeg' });

      const elsewhere = await createSubject('Not a plan reader');
      const body = await multipartBody([['file', mosaic, 'mosaic.jpg']]);
      const refused = await t.inject({ method: 'POST', url: `/1/subjects/${elsewhere}/media`, headers: { ...labeller, ...body.headers }, payload: body.payload });
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toBe('The image has more than 100 megapixels.');

      const inputs = await createSubject('Mosaic plans');
      const outputs = await createSubject('Mosaic sub-plans');
      const created = await post('/1/applications', { name: 'Mosaic', type: 'retiler', input_subjects: [inputs], output_subjects: [outputs], custom_fields: { max_width: 4096, max_height: 4096 } });
      expect(created.statusCode).toBe(201);
      const planId = await uploadToSubject(inputs, mosaic, 'mosaic.jpg', 1_700_000_000);
      const started = performance.now();
      await drainProcessing(t.app);
      const seconds = (performance.now() - started) / 1000;

      const subPlans = [...(await mediaOfSubject(outputs))].sort((a, b) => (a.frame ?? 0) - (b.frame ?? 0));
      expect(subPlans).toHaveLength(9);
      for (const [index, media] of subPlans.entries()) {
        const [column, row] = [index % 3, Math.floor(index / 3)];
        expect(media).toMatchObject({ image_width: 4000, image_height: 3000, media_format: 'jpeg', parent_media_ids: [planId] });
        expect(media.place_in_plan?.box).toEqual({ x0: column * 4000, y0: row * 3000, x1: (column + 1) * 4000, y1: (row + 1) * 3000 });
      }
      const last = subPlans[8]!;
      const region = sharp(mosaic, { limitInputPixels: false }).extract({ left: 8000, top: 6000, width: 4000, height: 3000 });
      expect(await meanDifference(sharp(await bytesOf(last)), region, 4000)).toBeLessThan(2);
      process.stdout.write(`retiler: 12,000 × 9,000 mosaic (${(mosaic.length / 2 ** 20).toFixed(1)} MiB) into 9 sub-plans in ${seconds.toFixed(1)} s\n`);
    },
    SLOW,
  );
});
