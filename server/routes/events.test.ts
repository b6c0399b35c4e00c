import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationEvent } from '../../src/api/schemas/events';
import type { PagedResponse } from '../../src/api/types';
import { enqueueDetectionPosts } from '../callbacks/outbox';
import type { ApplicationRow } from '../domain/applications';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let labeller: Record<string, string>;
let otherTenant: Record<string, string>;
let app: ApplicationRow;
let subject: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  otherTenant = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
  subject = await insertSubject(t.db, tenantId, 'gull');
  // Posts wait an hour before their first attempt, so that the outbox worker leaves them as they are.
  app = await insertApplication(t.db, tenantId, 'detection_fullframe', [subject], { detectionPostUrls: ['https://hooks.example/gulls'], replay: true });
  const later = Date.now() / 1000 + 3600;
  for (const mediaId of ['med_1', 'med_2', 'med_3']) {
    const post = { media: { media_id: mediaId, parent_media_ids: [] }, subjects: [{ subject_uid: subject, probability: 0.9, updated_at: 1 }] };
    await enqueueDetectionPosts(t.db, app, post, later);
  }
});
afterAll(() => t.close());

const get = (path: string, headers = labeller) => t.inject({ method: 'GET', url: `/1/applications/${app.applicationId}/${path}`, headers });

describe('application events', () => {
  it('names its event types', async () => {
    const response = await get('eventTypes');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([{ event_type: 'detection', description: expect.any(String) }]);
  });

  it('lists the detection posts newest first, page by page, with what each carries', async () => {
    const first = (await get('events?limit=2')).json<PagedResponse<ApplicationEvent>>();
    const mediaOf = (event: ApplicationEvent) => (event.body as { media: { media_id: string } }).media.media_id;
    expect(first.data.map(mediaOf)).toEqual(['med_3', 'med_2']);
    expect(first.data[0]).toMatchObject({ event_type: 'detection', url: 'https://hooks.example/gulls', status: 'pending', attempts: 0, last_error: null });
    const rest = (await get(`events${new URL(first.paging.next!).search}`)).json<PagedResponse<ApplicationEvent>>();
    expect(rest.data.map(mediaOf)).toEqual(['med_1']);
    expect(rest.paging).toEqual({});
  });

  it('tells whether the application replays, and how many media items wait for its model', async () => {
    expect((await get('replay')).json()).toEqual({ replay: true });
    expect((await get('detections/pending')).json()).toEqual({ pending: 0, oldest_at: null });
    const { mediaId } = await insertMedia(t.db, t.demo!.tenantIds.demoLab, { width: 10, height: 10 });
    // Queued only: the test app's job runner has not started.
    const sentAt = Date.now() / 1000;
    await t.app.jobs.send(t.db, 'process-media', { appId: app.applicationId, mediaId, focus: null, chain: [] });
    const pending = (await get('detections/pending')).json();
    expect(pending).toEqual({ pending: 1, oldest_at: expect.any(Number) });
    expect(pending.oldest_at).toBeGreaterThanOrEqual(Math.floor(sentAt) - 1);
  });

  it('refuses bad paging with 400', async () => {
    const response = await get('events?limit=500');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it.each(['eventTypes', 'events', 'replay', 'detections/pending'])('is 404 for another tenant (%s)', async (path) => {
    const response = await get(path, otherTenant);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Application not found.' });
  });
});

describe('GET /1/applications/all/types', () => {
  it('describes every type from its module, and one type by name', async () => {
    const all = (await t.inject({ method: 'GET', url: '/1/applications/all/types', headers: labeller })).json().data;
    expect(all).toHaveLength(18);
    const one = await t.inject({ method: 'GET', url: '/1/applications/all/types/box_detection', headers: labeller });
    expect(one.json()).toEqual({
      type: 'box_detection',
      special_arrangement: false,
      labellable: true,
      feedback: { app_data_type: 'box_set', subjects_per_answer: 'some', allows_false: true, allows_none: false },
    });
    expect(all).toContainEqual(one.json());
    const fullframe = all.find((entry: { type: string }) => entry.type === 'detection_fullframe');
    expect(all).toContainEqual({ type: 'nsfw', special_arrangement: true, labellable: true, feedback: fullframe.feedback });
    expect(all).toContainEqual({ type: 'network_camera', special_arrangement: false, labellable: false, feedback: null });
  });

  it('is 404 for an unknown type and 401 without a token', async () => {
    const unknown = await t.inject({ method: 'GET', url: '/1/applications/all/types/teleport', headers: labeller });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Application type not found.' });
    expect((await t.inject({ method: 'GET', url: '/1/applications/all/types' })).statusCode).toBe(401);
  });
});
