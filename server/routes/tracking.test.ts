import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineCount, TrackedBox } from '../../src/api/application-types/sequence-data';
import type { Media } from '../../src/api/schemas/media';
import { drainProcessing } from '../processing/pipeline';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';
import { readStreetClip } from '../testing/videos';

let t: TestApp;
let admin: Record<string, string>;

async function post(url: string, payload: Record<string, unknown>) {
  return t.inject({ method: 'POST', url, headers: admin, payload });
}

const createSubject = async (name: string): Promise<string> => (await post('/1/subjects', { name })).json().subject_uid;

async function createApplication(payload: Record<string, unknown>): Promise<string> {
  const response = await post('/1/applications', payload);
  expect(response.statusCode).toBe(201);
  return response.json().application_id;
}

interface FrameResults {
  frame: number;
  tracks: TrackedBox[];
  counts: { probability: number; lines: LineCount[] } | null;
}

/** Each frame of the subject, in order, with the tracking and the line_crossing applications' assertions on it. */
async function framesOf(subjectUid: string, trackerId: string, counterId: string): Promise<FrameResults[]> {
  const list = (await t.inject({ method: 'GET', url: `/1/subjects/${subjectUid}/media?limit=100`, headers: admin })).json();
  const ids = [...new Set((list.data as { media: { media_id: string } }[]).map((row) => row.media.media_id))];
  const frames = await Promise.all(
    ids.map(async (id) => {
      const { frame } = (await t.inject({ method: 'GET', url: `/1/media/${id}`, headers: admin })).json<Media>();
      const detections = (await t.inject({ method: 'GET', url: `/1/media/${id}/detections`, headers: admin })).json().detections as {
        app_id: string;
        app_data: unknown;
        probability: number;
      }[];
      const tracked = detections.find((row) => row.app_id === trackerId);
      const counted = detections.find((row) => row.app_id === counterId);
      return {
        frame: frame!,
        tracks: (tracked?.app_data ?? []) as TrackedBox[],
        counts: counted ? { probability: counted.probability, lines: counted.app_data as LineCount[] } : null,
      };
    }),
  );
  return frames.sort((a, b) => a.frame - b.frame);
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { allowSpecialTypes: true } });
  admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
});
afterAll(() => t.close());

describe('dynamic_tracking and line_crossing downstream of a video', () => {
  it('follow the walkers of the street clip with stable track ids and count those crossing a line, per direction', { timeout: 180_000 }, async () => {
    const [videos, frames, people, tracked, crossings] = (await Promise.all(['Videos', 'Frames', 'People', 'Tracked people', 'Crossings'].map(createSubject))) as [
      string,
      string,
      string,
      string,
      string,
    ];
    await createApplication({ name: 'Frames', type: 'video_segmentation', input_subjects: [videos], output_subjects: [frames], custom_fields: { every_nth_frame: 2 } });
    // "People" maps to the detector's COCO class person.
    await createApplication({ name: 'People', type: 'box_detection', input_subjects: [frames], output_subjects: [people] });
    const trackerId = await createApplication({ name: 'Tracks', type: 'dynamic_tracking', input_subjects: [people], output_subjects: [tracked] });
    const middle = { name: 'middle', start: { x: 240, y: 60 }, end: { x: 240, y: 220 } };
    const counterId = await createApplication({ name: 'Crossings', type: 'line_crossing', input_subjects: [tracked], output_subjects: [crossings], custom_fields: { lines: [middle] } });

    const upload = await multipartBody([['file', await readStreetClip(), 'street.mp4'], ['media_timestamp', '1700000000']]);
    await t.inject({ method: 'POST', url: `/1/subjects/${videos}/media`, headers: { ...admin, ...upload.headers }, payload: upload.payload });
    await drainProcessing(t.app);

    const results = await framesOf(frames, trackerId, counterId);
    expect(results).toHaveLength(25);
    const boxes = results.flatMap((result) => result.tracks);
    expect(boxes.every((box) => box.subject_uid === people && box.probability >= 0.5)).toBe(true);
    // About 140 boxes of 9 people over 25 frames: one id per person, a few more for people half out of the picture.
    expect(boxes.length).toBeGreaterThan(100);
    const framesPerTrack = new Map<number, number>();
    for (const box of boxes) framesPerTrack.set(box.track_id, (framesPerTrack.get(box.track_id) ?? 0) + 1);
    expect(framesPerTrack.size).toBeLessThanOrEqual(13);
    // The man who stands by the sign all along keeps one id.
    const bySign = results.map((result) => result.tracks.find((box) => Math.abs((box.box.x0 + box.box.x1) / 2 - 195) < 15 && box.box.y1 > 115)?.track_id);
    expect(new Set(bySign.filter((id) => id !== undefined)).size).toBe(1);

    // One man walks right across the line (B to A: side A is right of a line drawn downwards), one woman walks left across it.
    const last = results.at(-1)!.counts!;
    expect(last.lines).toEqual([{ line: 'middle', a_to_b: 1, b_to_a: 1, crossed_now: expect.any(Array) }]);
    const crossed = results.flatMap((result) => result.counts?.lines[0]!.crossed_now ?? []);
    expect(crossed.map((crossing) => crossing.direction).sort()).toEqual(['a_to_b', 'b_to_a']);
    for (const { track_id } of crossed) expect(framesPerTrack.get(track_id)).toBeGreaterThanOrEqual(10);
    // A frame's line_crossing assertion is 1 probable only when a track crossed on it.
    const eventful = results.filter((result) => result.counts?.probability === 1);
    expect(eventful.every((result) => result.counts!.lines[0]!.crossed_now.length > 0)).toBe(true);
    expect(eventful).toHaveLength(2);
  });

  it('refuses settings outside the contract with 400 and field errors', async () => {
    const tracking = await post('/1/applications', { name: 'Bad', type: 'dynamic_tracking', custom_fields: { min_iou: 2, max_missed_frames: 2.5 } });
    expect(tracking.statusCode).toBe(400);
    expect(tracking.json().errors.map((error: { field: string }) => error.field).sort()).toEqual(['custom_fields.max_missed_frames', 'custom_fields.min_iou']);
    const line = { start: { x: 0, y: 0 }, end: { x: 10, y: 0 } };
    const lines = await post('/1/applications', { name: 'Bad', type: 'line_crossing', custom_fields: { lines: [{ name: 'door', ...line }, { name: 'door', ...line }] } });
    expect(lines.statusCode).toBe(400);
    expect(lines.json().errors).toEqual([{ field: 'custom_fields.lines.1.name', message: 'Another line is called door.' }]);
  });
});
