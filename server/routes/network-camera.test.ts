import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatedCamera, type CameraLogin, type SimulatedCamera } from '../demo/simulated-camera';
import { extractFrames } from '../media/video-frames';
import { captureStatusOf, waitForCapture } from '../testing/capture-fixture';
import { createSubject, labeller, mediaOfSubject, post, t, usePipelineApp } from '../testing/pipeline-fixture';
import { startRtspCamera, type RtspCamera, type RtspCameraOptions } from '../testing/rtsp-camera';
import { readStreetClip, STREET_CLIP, STREET_CLIP_PATH } from '../testing/videos';

usePipelineApp();

let frames: Buffer[];
const cameras: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  frames = (await extractFrames(await readStreetClip(), (times) => times.map((_, index) => index))).map((frame) => frame.image);
});
afterAll(() => Promise.all(cameras.map((camera) => camera.close())));

async function simulatedCamera(login?: CameraLogin): Promise<SimulatedCamera> {
  const camera = await startSimulatedCamera({ frames, framesPerSecond: 10, ...(login ? { login } : {}) });
  cameras.push(camera);
  return camera;
}

async function rtspCamera(options: Omit<RtspCameraOptions, 'videoPath'> = {}): Promise<RtspCamera> {
  const camera = await startRtspCamera({ videoPath: STREET_CLIP_PATH, ...options });
  cameras.push(camera);
  return camera;
}

async function cameraApp(name: string, customFields: Record<string, unknown>) {
  const output = await createSubject(`${name} frames`);
  const created = await post('/1/applications', { name, type: 'network_camera', output_subjects: [output], custom_fields: customFields });
  expect(created.statusCode).toBe(201);
  return { appId: created.json().application_id as string, output, application: created.json() };
}

const update = (appId: string, body: Record<string, unknown>) => post(`/1/applications/${appId}`, body);
const stop = (appId: string) => update(appId, { active: false });

/** Lets the camera capture `frames` frames at its interval, and answers the capture latency and the frames per minute. */
async function measure(appId: string, count: number) {
  const first = await waitForCapture(appId, (status) => status.captured >= 1);
  const startedAt = first.last_capture_at!;
  const latencies: number[] = [];
  let last = first;
  while (last.captured < count + 1) {
    last = await waitForCapture(appId, (status) => status.captured > last.captured);
    latencies.push(last.last_capture_ms!);
  }
  const perMinute = ((last.captured - first.captured) / (last.last_capture_at! - startedAt)) * 60;
  const median = [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)]!;
  return { median, perMinute, last };
}

describe('a network camera application', () => {
  it.each([
    ['a JPEG snapshot', async () => (await simulatedCamera()).snapshotUrl],
    ['an MJPEG stream', async () => (await simulatedCamera()).mjpegUrl],
    ['an RTSP stream', async () => (await rtspCamera()).url],
  ])("captures %s every interval as media of its output subjects, which its status shows", async (kind, urlOf) => {
    const { appId, output } = await cameraApp(`Camera (${kind})`, { camera_url: await urlOf(), interval_seconds: 1 });
    const { median, perMinute, last } = await measure(appId, 4);
    await stop(appId);
    console.info(`network_camera over ${kind}: capture latency median ${Math.round(median)} ms, ${perMinute.toFixed(1)} frames per minute at interval 1 s`);
    expect(last).toMatchObject({ state: 'capturing', failures: 0, last_error: null });
    // a frame each interval (1 s); an RTSP frame whose quick probe misses takes ffmpeg's second, longer probe (~2 s)
    expect(perMinute).toBeGreaterThan(30);
    expect(last.last_media?.thumbnail_url).toMatch(/^http:\/\/.+\/media-files\//);

    const media = await mediaOfSubject(output);
    expect(media.length).toBeGreaterThanOrEqual(5);
    const frame = media.find((item) => item.media_id === last.last_media!.media_id)!;
    expect(frame).toMatchObject({ media_src: 'network_camera', network_camera_id: appId, media_format: 'jpeg', image_width: STREET_CLIP.width, image_height: STREET_CLIP.height });
    expect(frame.media_timestamp).toBeCloseTo(last.last_capture_at!, -1);
  });

  it.each(['basic', 'digest'] as const)('logs in with %s, keeps the password sealed, and forgets it when the camera moves', async (scheme) => {
    const camera = await simulatedCamera({ username: 'viewer', password: 'pa:ss wörd', scheme });
    const { appId, application } = await cameraApp(`Camera with a login (${scheme})`, { camera_url: camera.snapshotUrl, interval_seconds: 1, username: 'viewer', password: 'pa:ss wörd' });
    expect(application.custom_fields).toEqual({ camera_url: camera.snapshotUrl, interval_seconds: 1, username: 'viewer', password_set: true });
    await waitForCapture(appId, (status) => status.captured >= 1);
    const read = (await t.inject({ method: 'GET', url: `/1/applications/${appId}`, headers: labeller })).json();
    expect(JSON.stringify(read)).not.toContain('wörd');

    // the settings sent back as they were read keep the password
    const kept = await update(appId, { custom_fields: { ...read.custom_fields, interval_seconds: 2 } });
    expect(kept.json().custom_fields.password_set).toBe(true);
    const other = await simulatedCamera({ username: 'viewer', password: 'pa:ss wörd', scheme });
    const moved = await update(appId, { custom_fields: { ...read.custom_fields, camera_url: other.snapshotUrl } });
    expect(moved.json().custom_fields.password_set).toBe(false);
    const refused = await waitForCapture(appId, (status) => status.failures >= 1);
    await stop(appId);
    expect(refused.last_error).toMatch(/refused the user name and password|asks for a user name and password/);
    expect(other.requests.some((path) => path === '/snapshot.jpg')).toBe(true);
  });

  it.each(['basic', 'digest'] as const)('logs in to an RTSP camera with %s and does not follow its redirect elsewhere', async (scheme) => {
    const login = { username: 'viewer', password: 'pa:ss wörd' };
    const camera = await rtspCamera({ login: { ...login, scheme } });
    const { appId } = await cameraApp(`RTSP camera with a login (${scheme})`, { camera_url: camera.url, interval_seconds: 1, ...login });
    await waitForCapture(appId, (status) => status.captured >= 1);
    await stop(appId);
    const redirecting = await rtspCamera({ redirectTo: 'rtsp://127.0.0.2:554/elsewhere' });
    const redirected = await cameraApp(`Redirecting RTSP camera (${scheme})`, { camera_url: redirecting.url, interval_seconds: 1 });
    const failed = await waitForCapture(redirected.appId, (status) => status.failures >= 1);
    await stop(redirected.appId);
    expect(failed.last_error).toMatch(/redirected the stream elsewhere/);
  });

  it('backs off while the camera fails, and stops when switched off', async () => {
    const camera = await simulatedCamera();
    const { appId } = await cameraApp('Camera that is not there', { camera_url: camera.snapshotUrl.replace('/snapshot.jpg', '/missing.jpg'), interval_seconds: 1 });
    const second = await waitForCapture(appId, (status) => status.failures >= 2);
    expect(second).toMatchObject({ state: 'backing_off', captured: 0, last_error: expect.stringMatching(/answered HTTP 404/) });
    // after two failures in a row the next attempt waits 4 intervals
    expect(second.next_attempt_at! - second.last_attempt_at!).toBeGreaterThanOrEqual(3.5);
    await stop(appId);
    expect(await captureStatusOf(appId)).toMatchObject({ state: 'stopped', next_attempt_at: null });
  });

  it('refuses settings that break the rule, naming the field', async () => {
    const output = await createSubject('Refused camera frames');
    const cases: [Record<string, unknown>, string][] = [
      [{ camera_url: 'ftp://camera.example/x.jpg' }, 'custom_fields.camera_url'],
      [{ camera_url: 'http://viewer:pw@camera.example/x.jpg' }, 'custom_fields.camera_url'],
      [{ camera_url: 'http://camera.example/x.jpg', interval_seconds: 0 }, 'custom_fields.interval_seconds'],
    ];
    for (const [customFields, field] of cases) {
      const response = await post('/1/applications', { name: 'Refused camera', type: 'network_camera', output_subjects: [output], custom_fields: customFields });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    }
  });
});
