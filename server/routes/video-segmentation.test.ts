import { beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../media/test-images';
import { drainProcessing } from '../processing/pipeline';
import { createSubject, labeller, mediaOfSubject, post, t, uploadToSubject, usePipelineApp } from '../testing/pipeline-fixture';
import { readStreetClip, STREET_CLIP } from '../testing/videos';

let clip: Buffer;

usePipelineApp();
beforeAll(async () => {
  clip = await readStreetClip();
});

describe('a video_segmentation application', () => {
  it('makes frames of a video into child media of its output subjects, which a box_detection application downstream processes', async () => {
    const videos = await createSubject('Street videos');
    const frames = await createSubject('Street frames');
    const people = await createSubject('Walkers');
    const segmenter = await post('/1/applications', {
      name: 'Street frames',
      type: 'video_segmentation',
      input_subjects: [videos],
      output_subjects: [frames],
      custom_fields: { frames_per_second: 2, max_frames: 6 },
    });
    expect(segmenter.statusCode).toBe(201);
    const detector = (await post('/1/applications', { name: 'Walkers', type: 'box_detection', input_subjects: [frames], output_subjects: [people] })).json()
      .application_id as string;

    const videoId = await uploadToSubject(videos, clip, 'street.mp4', 1_700_000_000);
    await drainProcessing(t.app);

    const children = (await mediaOfSubject(frames)).sort((a, b) => (a.frame ?? 0) - (b.frame ?? 0));
    // 2 frames a second of a 10 fps clip: frames 0, 5, 10, …, capped at 6.
    expect(children.map((child) => child.frame)).toEqual([0, 5, 10, 15, 20, 25]);
    for (const child of children) {
      expect(child).toMatchObject({ parent_media_ids: [videoId], parent_media_id: videoId, video: false, media_format: 'jpeg' });
      expect(child).toMatchObject({ image_width: STREET_CLIP.width, image_height: STREET_CLIP.height });
      expect(child.media_timestamp).toBeCloseTo(1_700_000_000 + child.frame! / 10, 6);
      expect(child.filename).toBe(`street-frame-${String(child.frame).padStart(6, '0')}.jpg`);
    }

    const detections = (await t.inject({ method: 'GET', url: `/1/media/${children[1]!.media_id}/detections`, headers: labeller })).json().detections as {
      app_id: string | null;
      subject_uid: string;
    }[];
    expect(detections.some((row) => row.app_id === detector && row.subject_uid === people)).toBe(true);

    const listed = await t.inject({ method: 'GET', url: `/1/media/${videoId}/frames`, headers: labeller });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((frame: { media_id: string }) => frame.media_id)).toEqual(children.map((child) => child.media_id));
    const firstTwo = await t.inject({ method: 'GET', url: `/1/media/${videoId}/frames?limit=2`, headers: labeller });
    expect(firstTwo.json().data.map((frame: { frame: number }) => frame.frame)).toEqual([0, 5]);
    const ofAFrame = await t.inject({ method: 'GET', url: `/1/media/${children[0]!.media_id}/frames`, headers: labeller });
    expect(ofAFrame.json()).toEqual({ data: [] });
    const unknown = await t.inject({ method: 'GET', url: '/1/media/med_unknown/frames', headers: labeller });
    expect(unknown.statusCode).toBe(404);
  });

  it('takes every n-th frame, and makes no twins when the video comes again', async () => {
    const videos = await createSubject('Clips');
    const frames = await createSubject('Clip frames');
    await post('/1/applications', { name: 'Every 20th', type: 'video_segmentation', input_subjects: [videos], output_subjects: [frames], custom_fields: { every_nth_frame: 20 } });
    const videoId = await uploadToSubject(videos, clip, 'again.mp4', 1_700_000_100);
    await drainProcessing(t.app);
    await t.inject({ method: 'POST', url: `/1/subjects/${videos}/media`, headers: labeller, payload: { media_id: videoId, focus: { box: { x0: 0, y0: 0, x1: 10, y1: 10 } } } });
    await drainProcessing(t.app);
    expect((await mediaOfSubject(frames)).map((child) => child.frame).sort((a, b) => a! - b!)).toEqual([0, 20, 40]);
  });

  it('passes a still image by', async () => {
    const videos = await createSubject('Stills in');
    const frames = await createSubject('Stills out');
    await post('/1/applications', { name: 'Stills', type: 'video_segmentation', input_subjects: [videos], output_subjects: [frames] });
    await uploadToSubject(videos, await makeImage('png', 64, 48), 'still.png', 1_700_000_200);
    await drainProcessing(t.app);
    expect(await mediaOfSubject(frames)).toEqual([]);
  });

  it('refuses settings outside the contract with 400 and field errors', async () => {
    const both = await post('/1/applications', { name: 'Bad', type: 'video_segmentation', custom_fields: { frames_per_second: 1, every_nth_frame: 2 } });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual([{ field: 'custom_fields.every_nth_frame', message: 'Set frames_per_second or every_nth_frame, not both.' }]);
    const tooMany = await post('/1/applications', { name: 'Bad', type: 'video_segmentation', custom_fields: { max_frames: 5000 } });
    expect(tooMany.json().errors[0]).toMatchObject({ field: 'custom_fields.max_frames' });
  });
});
