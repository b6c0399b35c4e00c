import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Media } from '../../src/api/schemas/media';
import { media } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { considerForFeedback } from '../feedback/scheduler';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let tenantId: string;
let labeller: Record<string, string>;
let subject: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  subject = await insertSubject(t.db, tenantId, 'walker');
});
afterAll(() => t.close());

/** A media item that is the given frame of the video (or no frame, without one). */
async function insertFrame(video: string | null, frame: number | null): Promise<string> {
  const row = await insertMedia(t.db, tenantId, { width: 64, height: 48 });
  if (video !== null) await t.db.update(media).set({ parentMediaIds: [video], details: { frame } }).where(eq(media.mediaId, row.mediaId));
  return row.mediaId;
}

async function queue(app: ApplicationRow, mediaId: string) {
  const proposal = { subject_uid: subject, probability: 0.5, uncal_prob: 0.5, app_data_type: null, app_data: null };
  await considerForFeedback(t.db, app, mediaId, null, [proposal], null);
}

const served = async (url: string) => {
  const response = await t.inject({ method: 'GET', url, headers: labeller });
  expect(response.statusCode).toBe(200);
  return response.json<{ media_id: string; other_media?: Media[] }[]>();
};
const mediaObject = async (mediaId: string) => (await t.inject({ method: 'GET', url: `/1/media/${mediaId}`, headers: labeller })).json<Media>();

describe('other_media of a frame in a feedback request', () => {
  it('holds the nearest 5 frames before and after of the same video, by frame, as full media objects; a still image has none', async () => {
    const app = await insertApplication(t.db, tenantId, 'classification', [subject]);
    const frameNumbers = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120];
    const frames = new Map<number, string>();
    // Made out of order: the order served is the frames', not the rows'.
    for (const frame of [...frameNumbers].reverse()) frames.set(frame, await insertFrame('med_video_a', frame));
    await insertFrame('med_video_b', 65);
    const still = await insertFrame(null, null);
    await queue(app, frames.get(70)!);
    await queue(app, frames.get(10)!);
    await queue(app, still);

    const pulled = await served(`/1/applications/${app.applicationId}/feedback?limit=10`);
    const byMedia = new Map(pulled.map((item) => [item.media_id, item]));
    const framesOf = (mediaId: string) => byMedia.get(mediaId)!.other_media!.map((other) => other.frame);
    expect(framesOf(frames.get(70)!)).toEqual([20, 30, 40, 50, 60, 80, 90, 100, 110, 120]);
    expect(framesOf(frames.get(10)!)).toEqual([0, 20, 30, 40, 50, 60]);
    expect(byMedia.get(still)).not.toHaveProperty('other_media');

    const [first] = byMedia.get(frames.get(10)!)!.other_media!;
    const served0 = await mediaObject(frames.get(0)!);
    expect(first).toEqual({ ...served0, media_url: expect.any(String), resize_urls: expect.any(Object) });
    expect(Object.keys(first!.resize_urls)).toEqual(Object.keys(served0.resize_urls));

    const held = await served(`/1/applications/${app.applicationId}/feedback/held`);
    expect(held.find((item) => item.media_id === frames.get(70))!.other_media!.map((other) => other.media_id)).toEqual(
      [20, 30, 40, 50, 60, 80, 90, 100, 110, 120].map((frame) => frames.get(frame)),
    );
  });
});
