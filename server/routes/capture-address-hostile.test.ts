import { describe, expect, it } from 'vitest';
import { insertApplication } from '../feedback/test-fixtures';
import { restartCaptureLoop } from '../processing/capture/capture-loop';
import { waitForCapture } from '../testing/capture-fixture';
import { admin, createSubject, post, t, usePipelineApp } from '../testing/pipeline-fixture';

// Capture settings whose address the capture would refuse (issue 37: they were saved, then failed at every capture):
// creating or updating the application refuses them at once, with the capture rule's own words, naming the field.

usePipelineApp();

type Refusal = { status: number; errors: { field: string; message: string }[] };

async function refusalOf(response: Awaited<ReturnType<typeof post>>): Promise<Refusal> {
  return { status: response.statusCode, errors: response.json<{ errors?: Refusal['errors'] }>().errors ?? [] };
}

const create = async (type: string, customFields: Record<string, unknown>) =>
  post('/1/applications', { name: `Capture ${type}`, type, output_subjects: [await createSubject(`Captured ${type}`)], custom_fields: customFields, active: false });

describe('capture addresses refused when saved', () => {
  it.each([
    ['http://10.0.0.5/snapshot.jpg', /^The camera URL http:\/\/10\.0\.0\.5\/snapshot\.jpg may not be used: 10\.0\.0\.5 is a private address .*CAMERA_ALLOWED_NETWORKS/],
    ['http://169.254.169.254/latest/meta-data/', /link-local address .*which a camera may never be/],
    ['http://metadata.google.internal/x.jpg', /names a cloud metadata service/],
    ['rtsp://[fe80::1]/live', /link-local.*never/],
  ])('refuses a network_camera at %s (400, custom_fields.camera_url)', async (url, reason) => {
    const { status, errors } = await refusalOf(await create('network_camera', { camera_url: url }));
    expect(status).toBe(400);
    expect(errors).toEqual([{ field: 'custom_fields.camera_url', message: expect.stringMatching(reason) }]);
  });

  it.each([
    ['https://10.1.2.3/feed.xml', /^The URL https:\/\/10\.1\.2\.3\/feed\.xml may not be fetched: 10\.1\.2\.3 is a private address/],
    ['https://169.254.169.254/feed', /link-local address/],
    ['https://metadata.google.internal/feed', /cloud metadata service/],
  ])('refuses a social_feed at %s (400, custom_fields.feed_url)', async (url, reason) => {
    const { status, errors } = await refusalOf(await create('social_feed', { feed_url: url }));
    expect(status).toBe(400);
    expect(errors).toEqual([{ field: 'custom_fields.feed_url', message: expect.stringMatching(reason) }]);
  });

  it('refuses an update to such an address and keeps the settings as they were', async () => {
    const camera = await create('network_camera', { camera_url: 'http://127.0.0.1:9/snapshot.jpg' });
    expect(camera.statusCode).toBe(201);
    const appId = camera.json<{ application_id: string }>().application_id;
    const { status, errors } = await refusalOf(await post(`/1/applications/${appId}`, { custom_fields: { camera_url: 'http://192.168.1.20/snapshot.jpg' } }));
    expect(status).toBe(400);
    expect(errors).toEqual([{ field: 'custom_fields.camera_url', message: expect.stringContaining('192.168.1.20 is a private address') }]);
    const stored = await t.inject({ method: 'GET', url: `/1/applications/${appId}`, headers: admin });
    expect(stored.json().custom_fields.camera_url).toBe('http://127.0.0.1:9/snapshot.jpg');
  });

  it.each([
    ['network_camera', { camera_url: 'http://10.0.0.5/snapshot.jpg', interval_seconds: 1 }, /10\.0\.0\.5 is a private address.*CAMERA_ALLOWED_NETWORKS/],
    ['social_feed', { feed_url: 'https://10.1.2.3/feed.xml' }, /may not be fetched: 10\.1\.2\.3 is a private address/],
  ] as const)('still refuses at capture a %s saved before the rule, saying why on its status', async (type, customFields, reason) => {
    const tenantId = t.demo!.tenantIds.demoLab;
    const row = await insertApplication(t.db, tenantId, type, [await createSubject(`Old ${type}`)], { customFields, active: true });
    await restartCaptureLoop(t.app, { tenant_id: tenantId, application_id: row.applicationId, type });
    const failed = await waitForCapture(row.applicationId, (status) => status.failures >= 1);
    await post(`/1/applications/${row.applicationId}`, { active: false });
    expect(failed.last_error).toMatch(reason);
  });
});
