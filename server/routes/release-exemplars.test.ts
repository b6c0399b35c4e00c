import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxRegion } from '../../src/api/application-types/answer';
import type { BoxCoords } from '../../src/api/types';
import { mediaIdIn } from '../domain/media';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { foundBoxes } from '../types/measures/boxes';
import { loadManyInstancePhotos } from '../testing/many-instances';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';
import { applications, models } from '../db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
let labeller: Record<string, string>;
let admin: Record<string, string>;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  admin = await t.demoAuth('admin@demo.test', tenantId);
}, 60_000);
afterAll(() => t.close());

/** A half of a photo (left or right) as an image of its own, with the objects mostly inside it. */
async function half(bytes: Buffer, truth: readonly BoxCoords[], side: 'left' | 'right') {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const [x0, x1] = side === 'left' ? [0, Math.round(width / 2)] : [Math.round(width / 2), width];
  return {
    image: await sharp(bytes).extract({ left: x0, top: 0, width: x1 - x0, height }).jpeg({ quality: 92 }).toBuffer(),
    size: { width: x1 - x0, height },
    truth: truth
      .filter((box) => Math.min(box.x1, x1) - Math.max(box.x0, x0) >= 0.5 * (box.x1 - box.x0))
      .map((box) => ({ x0: Math.max(0, box.x0 - x0), y0: box.y0, x1: Math.min(x1 - x0, box.x1 - x0), y1: box.y1 })),
  };
}

describe('exemplars teach the next images at once, and a release keeps them with the boxed answers', () => {
  it('half a photo of candies: two exemplars, then its boxes answered and a release; the other half, an image of its own', async () => {
    const candies = (await loadManyInstancePhotos()).find((photo) => photo.name === 'candies')!;
    const candy = await insertSubject(t.db, tenantId, 'candy');
    const app = await insertApplication(t.db, tenantId, 'box_detection', [candy]);
    const [left, right] = [await half(candies.bytes, candies.truth, 'left'), await half(candies.bytes, candies.truth, 'right')];
    const mediaId = await mediaIdIn(t.db, 'training');
    await insertMedia(t.db, tenantId, left.size, { blobs: t.app.blobs, data: left.image }, mediaId);
    const predict = async (payload: Record<string, unknown>) =>
      (await t.inject({ method: 'POST', url: `/1/applications/${app.applicationId}/predict`, headers: labeller, payload })).json<{ subjects: { app_data: BoxRegion[] }[] }>();
    const predictRight = async () => {
      const form = await multipartBody([['file', right.image, 'right.jpg']]);
      const response = await t.inject({ method: 'POST', url: `/1/applications/${app.applicationId}/predict`, headers: { ...labeller, ...form.headers }, payload: form.payload });
      const regions = response.json<{ subjects: { app_data: BoxRegion[] }[] }>().subjects[0]!.app_data;
      return regions.filter((region) => (region.probability ?? 0) >= 0.5).map((region) => region.box);
    };
    const recall = (shown: BoxCoords[]) => foundBoxes(right.truth, shown) / right.truth.length;
    const precision = (shown: BoxCoords[]) => foundBoxes(right.truth, shown) / shown.length;
    expect(await predictRight()).toEqual([]);

    // "find more like these" on the left half: the right half is seen at once
    await predict({ media_id: mediaId, subject_uid: candy, exemplars: [left.truth[0], left.truth[2]] });
    const atOnce = await predictRight();
    expect(recall(atOnce)).toBeGreaterThanOrEqual(0.7);
    expect(precision(atOnce)).toBeGreaterThanOrEqual(0.8);

    // the labeller answers the left half with its boxes; a manager releases (too few held-out answers for the rule)
    const answered = await t.inject({
      method: 'POST',
      url: `/1/applications/${app.applicationId}/feedback`,
      headers: labeller,
      payload: { media_id: mediaId, subjects: [{ subject_uid: candy, result: 'True', app_data_type: 'box_set', app_data: left.truth.map((box) => ({ box })) }] },
    });
    expect(answered.statusCode).toBe(204);
    expect((await t.inject({ method: 'POST', url: `/1/applications/${app.applicationId}/release`, headers: admin, payload: { force: true } })).statusCode).toBe(202);
    await t.app.jobs.drain();
    const [model] = await t.db.select().from(models).where(eq(models.applicationId, app.applicationId));
    expect(((model!.parameters as { exemplars?: Record<string, unknown[]> }).exemplars?.[candy] ?? []).length).toBeGreaterThan(2);

    // the release alone: without what the application remembered since
    await t.db.update(applications).set({ recentExemplars: {} }).where(eq(applications.applicationId, app.applicationId));
    const released = await predictRight();
    expect(recall(released)).toBeGreaterThanOrEqual(0.8);
    expect(precision(released)).toBeGreaterThanOrEqual(0.8);
  }, 120_000);
});
