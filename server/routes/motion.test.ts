import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feedbackQueue } from '../db/schema';
import { extractFrames } from '../media/video-frames';
import { drainProcessing } from '../processing/pipeline';
import { createSubject, detectionsOf, mediaOfSubject, post, t, uploadToSubject, usePipelineApp } from '../testing/pipeline-fixture';
import { readStreetClip } from '../testing/videos';

usePipelineApp();

/** The street clip's frames 30, 35, 40 and 45: a camera's images half a second apart. */
const streetFrames = async () => (await extractFrames(await readStreetClip(), () => [30, 35, 40, 45])).map((frame) => frame.image);

describe('a motion application', () => {
  it("boxes what moved since the camera's earlier frames, as model assertions of its output subjects, and asks for no feedback", async () => {
    const camera = await createSubject('Street camera');
    const moving = await createSubject('Moving');
    const created = await post('/1/applications', { name: 'Street motion', type: 'motion', input_subjects: [camera], output_subjects: [moving], custom_fields: { sensitivity: 0.6, min_area: 80 } });
    expect(created.statusCode).toBe(201);
    const appId = created.json().application_id as string;
    const frames = await streetFrames();
    const ids: string[] = [];
    for (const [position, frame] of frames.entries()) {
      ids.push(await uploadToSubject(camera, frame, `street-${position}.jpg`, 1_700_000_000 + position / 2));
      await drainProcessing(t.app);
    }

    const byMotion = async (mediaId: string) => (await detectionsOf(mediaId)).filter((row) => row.app_id === appId);
    expect(await byMotion(ids[0]!)).toEqual([]);
    const [latest] = await byMotion(ids[3]!);
    expect(latest).toMatchObject({ subject_uid: moving, app_data_type: 'box_set', model_id: `${appId}.v0` });
    const boxes = latest!.app_data as { box: { x0: number; y0: number; x1: number; y1: number }; probability: number }[];
    expect(boxes.length).toBeGreaterThanOrEqual(4);
    expect(latest!.probability).toBe(Math.max(...boxes.map((box) => box.probability)));
    // the person in white crossing the path (see server/types/motion/moving-regions.test.ts)
    expect(boxes.some(({ box }) => box.x0 <= 245 && box.x1 >= 257 && box.y0 <= 96 && box.y1 >= 127)).toBe(true);
    expect(await t.db.select().from(feedbackQueue).where(eq(feedbackQueue.appId, appId))).toEqual([]);
  });

  it("boxes the walkers in a video's frames that a video_segmentation application upstream takes", async () => {
    const videos = await createSubject('Street clips');
    const frames = await createSubject('Street clip frames');
    const moving = await createSubject('Moving in clips');
    await post('/1/applications', { name: 'Clip frames', type: 'video_segmentation', input_subjects: [videos], output_subjects: [frames], custom_fields: { frames_per_second: 2 } });
    const appId = (await post('/1/applications', { name: 'Clip motion', type: 'motion', input_subjects: [frames], output_subjects: [moving] })).json().application_id;
    await uploadToSubject(videos, await readStreetClip(), 'street.mp4', 1_700_002_000);
    await drainProcessing(t.app);
    const children = await mediaOfSubject(frames);
    const byFrame = new Map(children.map((child) => [child.frame, child.media_id]));
    expect((await detectionsOf(byFrame.get(0)!)).filter((row) => row.app_id === appId)).toEqual([]);
    const [latest] = (await detectionsOf(byFrame.get(45)!)).filter((row) => row.app_id === appId);
    const boxes = latest!.app_data as { box: { x0: number; y0: number; x1: number; y1: number } }[];
    expect(boxes.some(({ box }) => box.x0 <= 245 && box.x1 >= 257 && box.y0 <= 96 && box.y1 >= 127)).toBe(true);
  });

  it("compares a frame only with earlier frames of its own subject", async () => {
    const [first, , , last] = await streetFrames();
    const cameras = [await createSubject('Camera A'), await createSubject('Camera B')];
    const moving = await createSubject('Moving A or B');
    const appId = (await post('/1/applications', { name: 'Two cameras', type: 'motion', input_subjects: cameras, output_subjects: [moving] })).json().application_id;
    await uploadToSubject(cameras[0]!, first!, 'a.jpg', 1_700_001_000);
    await drainProcessing(t.app);
    const lone = await uploadToSubject(cameras[1]!, last!, 'b.jpg', 1_700_001_001);
    await drainProcessing(t.app);
    expect((await detectionsOf(lone)).filter((row) => row.app_id === appId)).toEqual([]);
  });

  it('refuses settings outside the contract with 400 and field errors', async () => {
    const response = await post('/1/applications', { name: 'Bad', type: 'motion', custom_fields: { sensitivity: 2, min_area: 0.5 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'custom_fields.sensitivity', message: 'Use a number from 0 to 1.' },
      { field: 'custom_fields.min_area', message: 'Use a whole number of pixels from 1 to 10,000,000.' },
    ]);
  });
});
