// Any member reads a capture application's status, and a failed capture is logged: neither may carry the camera's
// password or the login in a feed's URL, whatever the camera, ffmpeg or the address rule said of the failure.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureStatus } from '../../src/api/schemas/capture';
import { startRtspCamera, type RtspCamera } from '../testing/rtsp-camera';
import { createTestApp, type TestApp } from '../testing/test-app';
import { STREET_CLIP_PATH } from '../testing/videos';
import { insertApplication } from '../feedback/test-fixtures';
import { restartCaptureLoop } from '../processing/capture/capture-loop';

let t: TestApp;
let admin: Record<string, string>;
let labeller: Record<string, string>;
const lines: string[] = [];
let camera: RtspCamera;

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { logLevel: 'warn' }, logStream: { write: (line) => lines.push(line) } });
  const tenantId = t.demo!.tenantIds.demoLab;
  admin = await t.demoAuth('admin@demo.test', tenantId);
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  camera = await startRtspCamera({ videoPath: STREET_CLIP_PATH, login: { username: 'viewer', password: 'the right one' } });
});
afterAll(async () => {
  await camera?.close();
  await t?.close();
});

async function captureApp(name: string, type: string, customFields: Record<string, unknown>): Promise<string> {
  const output = (await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name: `${name} images` } })).json().subject_uid;
  const created = await t.inject({ method: 'POST', url: '/1/applications', headers: admin, payload: { name, type, output_subjects: [output], custom_fields: customFields } });
  expect(created.statusCode).toBe(201);
  return created.json().application_id;
}

/** The status as a labeller reads it, once a capture has failed; the application is then switched off. */
async function failedStatus(appId: string): Promise<CaptureStatus> {
  const until = Date.now() + 30_000;
  for (;;) {
    const status = (await t.inject({ method: 'GET', url: `/1/applications/${appId}/capture`, headers: labeller })).json<CaptureStatus>();
    if (status.failures >= 1 || Date.now() > until) {
      await t.inject({ method: 'POST', url: `/1/applications/${appId}`, headers: admin, payload: { active: false } });
      return status;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const spellings = (secret: string) => [secret, encodeURIComponent(secret), encodeURI(secret)];

describe('a failing capture, as a labeller reads it and the log says it', () => {
  it('holds no RTSP password, though the camera refused it', async () => {
    const password = `pa:ss wörd-${randomBytes(4).toString('hex')}`;
    const appId = await captureApp('RTSP camera, wrong password', 'network_camera', { camera_url: camera.url, interval_seconds: 1, username: 'viewer', password });
    const status = await failedStatus(appId);
    expect(status.last_error).toMatch(/refused the user name and password/);
    expect(lines.join('')).toContain('A capture failed.');
    for (const spelling of spellings(password)) {
      expect(JSON.stringify(status)).not.toContain(spelling);
      expect(lines.join('')).not.toContain(spelling);
    }
  });

  it("holds no login of a feed's URL, though the address rule named the URL: neither when it refuses the feed at once nor at capture", async () => {
    const password = `feed-pw-${randomBytes(4).toString('hex')}`;
    const feed_url = `https://reader:${password}@10.1.2.3/feed.xml`;
    const output = (await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name: 'Feed with a login images' } })).json().subject_uid;
    const refused = await t.inject({ method: 'POST', url: '/1/applications', headers: admin, payload: { name: 'Feed with a login', type: 'social_feed', output_subjects: [output], custom_fields: { feed_url } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain(password);
    // One saved before the rule refused such addresses when saved is refused at capture, in words without the login.
    const tenantId = t.demo!.tenantIds.demoLab;
    const row = await insertApplication(t.db, tenantId, 'social_feed', [output], { customFields: { feed_url }, active: true });
    await restartCaptureLoop(t.app, { tenant_id: tenantId, application_id: row.applicationId, type: 'social_feed' });
    const status = await failedStatus(row.applicationId);
    expect(status.last_error).toMatch(/^The URL https:\/\/\[redacted\]@10\.1\.2\.3\/feed\.xml may not be fetched/);
    expect(lines.join('')).not.toContain(password);
  });
});
