// One tenant's feeds hang (their sources answer nothing until released), and meanwhile uploads, of that tenant and of
// another, are processed by their detectors and the other tenant's camera captures: the captures take their bounded
// share of the background work (jobs/queue.ts, TENANT_LANES), never all of it. No clock: held up, the test times out.
// And a capture is given up within its interval (run-capture.ts), so a silent camera backs off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptureStatus } from '../../src/api/schemas/capture';
import { startSimulatedCamera, type SimulatedCamera } from '../demo/simulated-camera';
import { TENANT_LANES } from '../jobs/queue';
import { makeImage } from '../media/test-images';
import { startHangingSource, type HangingSource } from '../testing/hanging-source';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let slowTenant: Record<string, string>;
let otherTenant: Record<string, string>;
let hanging: HangingSource;
let camera: SimulatedCamera;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  slowTenant = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
  otherTenant = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
  hanging = await startHangingSource();
  camera = await startSimulatedCamera({ frames: [await makeImage('jpeg', 64, 48)], framesPerSecond: 1 });
});
afterAll(async () => {
  hanging?.release();
  await t?.close();
  await hanging?.close();
  await camera?.close();
});

const post = async (headers: Record<string, string>, url: string, payload: object) => {
  const response = await t.inject({ method: 'POST', url, headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
};

async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A detector of a subject of the tenant's, and an image uploaded to it: answers the media id and the detector. */
async function uploadToDetector(headers: Record<string, string>, name: string) {
  const input = (await post(headers, '/1/subjects', { name: `${name} input` })).subject_uid;
  const blue = (await post(headers, '/1/subjects', { name: `${name} blue` })).subject_uid;
  const detector = await post(headers, '/1/applications', {
    name,
    type: 'detection_fullframe',
    input_subjects: [input],
    output_subjects: [blue],
    custom_fields: { appearance: { [blue]: { color: '#1e78c8' } } },
  });
  const body = await multipartBody([['file', await makeImage('png', 160, 120), 'blue.png']]);
  const uploaded = await t.inject({ method: 'POST', url: `/1/subjects/${input}/media`, headers: { ...headers, ...body.headers }, payload: body.payload });
  expect(uploaded.statusCode).toBe(200);
  return { mediaId: uploaded.json().media_id as string, appId: detector.application_id as string };
}

const detectionsOf = async (headers: Record<string, string>, { mediaId, appId }: { mediaId: string; appId: string }) => {
  const { detections } = (await t.inject({ method: 'GET', url: `/1/media/${mediaId}/detections`, headers })).json() as { detections: { app_id: string | null }[] };
  return detections.some((row) => row.app_id === appId) ? true : undefined;
};

describe('captures whose sources hang', () => {
  it("of one tenant hold up neither uploads' processing nor another tenant's camera, and take no more than their tenant's share", async () => {
    const share = TENANT_LANES.capture!.perTenant;
    for (let i = 0; i < share + 1; i += 1) {
      const output = (await post(slowTenant, '/1/subjects', { name: `Slow feed ${i}` })).subject_uid;
      await post(slowTenant, '/1/applications', { name: `Slow feed ${i}`, type: 'social_feed', output_subjects: [output], custom_fields: { feed_url: hanging.url(`/feed-${i}.xml`) } });
    }
    await until(async () => (hanging.open() === share ? true : undefined));

    const ownUpload = await uploadToDetector(slowTenant, 'Detector beside the slow feeds');
    const otherUpload = await uploadToDetector(otherTenant, "Another tenant's detector");
    const cameraOutput = (await post(otherTenant, '/1/subjects', { name: "Another tenant's camera frames" })).subject_uid;
    const cameraApp = await post(otherTenant, '/1/applications', {
      name: "Another tenant's camera",
      type: 'network_camera',
      output_subjects: [cameraOutput],
      custom_fields: { camera_url: camera.snapshotUrl, interval_seconds: 60 },
    });
    await until(() => detectionsOf(slowTenant, ownUpload));
    await until(() => detectionsOf(otherTenant, otherUpload));
    await until(async () => {
      const status = (await t.inject({ method: 'GET', url: `/1/applications/${cameraApp.application_id}/capture`, headers: otherTenant })).json<CaptureStatus>();
      return status.captured >= 1 ? true : undefined;
    });

    // all of it while the slow tenant's feeds still hang, its third waiting for a place in its tenant's share
    expect(hanging.open()).toBe(share);
    expect(hanging.received()).toBe(share);
  });

  it('are given up within their interval, and back off', async () => {
    const silent = await startHangingSource();
    try {
      const output = (await post(otherTenant, '/1/subjects', { name: 'Silent camera frames' })).subject_uid;
      const app = await post(otherTenant, '/1/applications', {
        name: 'Silent camera',
        type: 'network_camera',
        output_subjects: [output],
        custom_fields: { camera_url: silent.url('/snapshot.jpg'), interval_seconds: 1 },
      });
      const failed = await until(async () => {
        const status = (await t.inject({ method: 'GET', url: `/1/applications/${app.application_id}/capture`, headers: otherTenant })).json<CaptureStatus>();
        return status.failures >= 1 ? status : undefined;
      });
      await post(otherTenant, `/1/applications/${app.application_id}`, { active: false });
      expect(failed).toMatchObject({ state: 'backing_off', last_error: 'The capture took longer than 0.8 s (80 % of its interval at most) and was stopped.' });
      expect(silent.received()).toBe(1);
      await until(async () => (silent.open() === 0 ? true : undefined));
    } finally {
      silent.release();
      await silent.close();
    }
  });
});
