import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application, ApplicationStats } from '../../src/api/schemas/application';
import type { ErrorBody, ListResponse } from '../../src/api/types';
import type { Subject } from '../../src/api/schemas/subjects';
import { SECURE_URL_MESSAGE } from '../../src/api/url-rule';
import { DEFAULT_CALLBACK_CONFIG } from '../config';
import { assertions, detectionRecords, feedbackQueue, media } from '../db/schema';
import { createApplication } from '../domain/applications';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let admin: Record<string, string>;
let labeller: Record<string, string>;
let manager: Record<string, string>;
let otherTenantAdmin: Record<string, string>;
let camera: string;
let bolt: string;
let nut: string;

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, body?: unknown) =>
  t.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });

async function createSubject(name: string, headers = admin): Promise<string> {
  const response = await send('POST', '/1/subjects', headers, { name });
  return response.json<Subject>().subject_uid;
}

async function createApp(body: Record<string, unknown>, headers = admin): Promise<Application> {
  const response = await send('POST', '/1/applications', headers, body);
  expect(response.statusCode).toBe(201);
  return response.json<Application>();
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const { demoLab, harbour } = t.demo!.tenantIds;
  admin = await t.demoAuth('admin@demo.test', demoLab);
  otherTenantAdmin = await t.demoAuth('admin@demo.test', harbour);
  labeller = await t.demoAuth('labeller@demo.test');
  manager = await t.demoAuth('manager@demo.test');
  [camera, bolt, nut] = await Promise.all([createSubject('Camera'), createSubject('Bolt'), createSubject('Nut')]);
});
afterAll(() => t.close());

describe('POST /1/applications', () => {
  it('creates an application with every field and its create default', async () => {
    const app = await createApp({
      name: ' Bolts ',
      type: 'box_detection',
      input_subjects: [camera],
      output_subjects: [bolt],
      public_read: true,
      hpo_credit: 99,
    });
    expect(app).toEqual({
      application_id: expect.stringMatching(/^app_/),
      tenant_id: t.demo!.tenantIds.demoLab,
      name: 'Bolts',
      type: 'box_detection',
      description: '',
      input_subjects: [camera],
      output_subjects: [bolt],
      release_metrics: 'best_F1',
      detection_thresholds: { [bolt]: 0 },
      detection_post_urls: [],
      gateway_post_urls: [],
      active: true,
      requested_feedback_per_hour: null,
      refresh_feedback: false,
      app_managers: [],
      custom_fields: {},
      hpo_credit: 0,
      created_by: 'admin@demo.test',
      created_at: expect.any(Number),
      modified_at: app.created_at,
      system_feedback_per_hour: 0,
      replay: false,
      release_model_count: null,
      best_model_ccp_filename: null,
      candidate_model_count: null,
      current_performance: null,
      last_candidate_at: null,
      last_released_at: null,
      training_data_count: null,
      validation_data_count: null,
      labellers_per_item: 1,
      consensus_tolerance: 0,
    });
    const read = await send('GET', `/1/applications/${app.application_id}`, labeller);
    expect(read.json()).toEqual(app);
  });

  it('keeps given thresholds and writable fields', async () => {
    const app = await createApp({
      name: 'Nuts',
      type: 'detection_fullframe',
      output_subjects: [bolt, nut],
      detection_thresholds: { [nut]: 0.7 },
      detection_post_urls: ['https://hooks.example.com/x', 'http://127.0.0.1:9000/cb', 'http://localhost/cb'],
      requested_feedback_per_hour: 0,
      release_metrics: 'best_recall',
      app_managers: [' Manager@Demo.test '],
      active: false,
      refresh_feedback: true,
      custom_fields: { colour: 'red' },
    });
    expect(app).toMatchObject({
      detection_thresholds: { [bolt]: 0, [nut]: 0.7 },
      requested_feedback_per_hour: 0,
      release_metrics: 'best_recall',
      app_managers: ['manager@demo.test'],
      active: false,
      refresh_feedback: true,
      custom_fields: { colour: 'red' },
    });
  });

  it('is for tenant administrators only', async () => {
    const response = await send('POST', '/1/applications', manager, { name: 'x', type: 'classification' });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    [{ type: 'classification' }, 'name'],
    [{ name: '', type: 'classification' }, 'name'],
    [{ name: 'x'.repeat(101), type: 'classification' }, 'name'],
    [{ name: 'x' }, 'type'],
    [{ name: 'x', type: 'classifier' }, 'type'],
    [{ name: 'x', type: 'classification', release_metrics: 'best_accuracy' }, 'release_metrics'],
    [{ name: 'x', type: 'classification', requested_feedback_per_hour: -1 }, 'requested_feedback_per_hour'],
    [{ name: 'x', type: 'classification', requested_feedback_per_hour: 1.5 }, 'requested_feedback_per_hour'],
    [{ name: 'x', type: 'classification', detection_post_urls: ['http://hooks.example.com/x'] }, 'detection_post_urls.0'],
    [{ name: 'x', type: 'classification', gateway_post_urls: ['/relative'] }, 'gateway_post_urls.0'],
    [{ name: 'x', type: 'classification', detection_post_urls: ['ftp://hooks.example.com/x'] }, 'detection_post_urls.0'],
    [{ name: 'x', type: 'classification', app_managers: ['not-an-email'] }, 'app_managers.0'],
    [{ name: 'x', type: 'classification', active: 'yes' }, 'active'],
    [{ name: 'x', type: 'classification', input_subjects: 'one' }, 'input_subjects'],
  ])('refuses %j with 400 on %s', async (body, field) => {
    const response = await send('POST', '/1/applications', admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors?.map((error) => error.field)).toContain(field);
  });

  it('refuses plain http to a host that is not loopback with the message the app shows', async () => {
    const response = await send('POST', '/1/applications', admin, { name: 'x', type: 'classification', detection_post_urls: ['http://hooks.example.com/x'] });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ field: 'detection_post_urls.0', message: SECURE_URL_MESSAGE }]);
  });

  it('refuses thresholds outside [0, 1] and keys that are not output subjects', async () => {
    const outOfRange = await send('POST', '/1/applications', admin, {
      name: 'x',
      type: 'classification',
      output_subjects: [bolt],
      detection_thresholds: { [bolt]: 1.5 },
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json<ErrorBody>().errors).toEqual([{ field: `detection_thresholds.${bolt}`, message: 'Use a number from 0 to 1.' }]);

    const notOutput = await send('POST', '/1/applications', admin, {
      name: 'x',
      type: 'classification',
      output_subjects: [bolt],
      detection_thresholds: { [nut]: 0.5 },
    });
    expect(notOutput.statusCode).toBe(400);
    expect(notOutput.json<ErrorBody>().errors).toEqual([
      { field: `detection_thresholds.${nut}`, message: `${nut} is not an output subject of the application.` },
    ]);
  });

  it('refuses subjects that do not exist in the tenant, naming each', async () => {
    const foreign = (await send('POST', '/1/subjects', otherTenantAdmin, { name: 'Elsewhere' })).json<Subject>().subject_uid;
    const response = await send('POST', '/1/applications', admin, {
      name: 'x',
      type: 'classification',
      input_subjects: [camera, 'sub_missing'],
      output_subjects: [foreign],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Invalid input_subjects.1: There is no subject sub_missing in this tenant.',
      errors: [
        { field: 'input_subjects.1', message: 'There is no subject sub_missing in this tenant.' },
        { field: 'output_subjects.0', message: `There is no subject ${foreign} in this tenant.` },
      ],
    });
  });

  it('refuses types by special arrangement unless the service allows them', async () => {
    const response = await send('POST', '/1/applications', admin, { name: 'x', type: 'nsfw' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual([{ field: 'type', message: 'The type nsfw is available only by special arrangement.' }]);

    const allowed = await createApplication(t.db, t.demo!.tenantIds.demoLab, 'admin@demo.test', { name: 'x', type: 'nsfw' }, { allowSpecialTypes: true });
    expect(allowed.type).toBe('nsfw');
  });
});

describe('GET /1/tenants/{id|current}/applications and GET /1/applications/{id}', () => {
  it("lists the tenant's applications to any member, by current or by id", async () => {
    const app = await createApp({ name: 'Listed', type: 'point' });
    for (const tenant of ['current', t.demo!.tenantIds.demoLab]) {
      const response = await send('GET', `/1/tenants/${tenant}/applications?abridged=true`, labeller);
      expect(response.statusCode).toBe(200);
      expect(response.json<ListResponse<Application>>().data).toContainEqual(app);
    }
    const other = await send('GET', '/1/tenants/current/applications', otherTenantAdmin);
    expect(other.json<ListResponse<Application>>().data.map((a) => a.application_id)).not.toContain(app.application_id);
  });

  it('answers a GET that carries a body as if it had none', async () => {
    const app = await createApp({ name: 'Bodied', type: 'point' });
    const response = await t.inject({
      method: 'GET',
      url: `/1/applications/${app.application_id}`,
      headers: { ...labeller, 'content-type': 'application/json' },
      payload: '{"not": "used"',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(app);
  });

  it('answers 404 for another tenant and for unknown ids', async () => {
    const app = await createApp({ name: 'Mine', type: 'point' });
    for (const url of [`/1/applications/${app.application_id}`, '/1/applications/app_missing']) {
      const response = await send('GET', url, otherTenantAdmin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Application not found.' });
    }
    expect((await send('GET', `/1/tenants/${t.demo!.tenantIds.harbour}/applications`, labeller)).statusCode).toBe(404);
  });
});

describe('POST /1/applications/{id}', () => {
  it('applies a partial update by a manager and returns the whole application', async () => {
    const app = await createApp({ name: 'Managed', type: 'static_count', output_subjects: [nut], app_managers: ['manager@demo.test'] });
    const response = await send('POST', `/1/applications/${app.application_id}`, manager, {
      description: 'Count nuts',
      requested_feedback_per_hour: null,
      type: 'static_count',
      unknown_key: 1,
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json<Application>();
    expect(updated).toEqual({ ...app, description: 'Count nuts', modified_at: expect.any(Number) });
    expect(updated.modified_at).toBeGreaterThanOrEqual(app.modified_at);
  });

  it('keeps thresholds consistent when the output subjects change', async () => {
    const app = await createApp({ name: 'Moving', type: 'detection_fullframe', output_subjects: [bolt], detection_thresholds: { [bolt]: 0.8 } });
    const url = `/1/applications/${app.application_id}`;
    const added = await send('POST', url, admin, { output_subjects: [bolt, nut], detection_thresholds: { [nut]: 0.3 } });
    expect(added.json<Application>().detection_thresholds).toEqual({ [bolt]: 0.8, [nut]: 0.3 });
    const removed = await send('POST', url, admin, { output_subjects: [nut] });
    expect(removed.json<Application>().detection_thresholds).toEqual({ [nut]: 0.3 });
    const stale = await send('POST', url, admin, { detection_thresholds: { [bolt]: 0.5 } });
    expect(stale.statusCode).toBe(400);
  });

  it('refuses a labeller who is not a manager with 403', async () => {
    const app = await createApp({ name: 'Guarded', type: 'point' });
    const response = await send('POST', `/1/applications/${app.application_id}`, labeller, { active: false });
    expect(response.statusCode).toBe(403);
    expect((await send('GET', `/1/applications/${app.application_id}`, admin)).json<Application>().active).toBe(true);
  });

  it('refuses read-only fields and a change of type with 400', async () => {
    const app = await createApp({ name: 'Fixed', type: 'point' });
    const url = `/1/applications/${app.application_id}`;
    const readOnly = await send('POST', url, admin, { name: 'Renamed', created_at: 1 });
    expect(readOnly.statusCode).toBe(400);
    expect(readOnly.json()).toEqual({ message: 'Invalid created_at: This field is read-only.', errors: [{ field: 'created_at', message: 'This field is read-only.' }] });
    const retyped = await send('POST', url, admin, { type: 'classification' });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json<ErrorBody>().errors).toEqual([{ field: 'type', message: 'The type of an application cannot change; create a new application instead.' }]);
    const invalid = await send('POST', url, admin, { name: '', input_subjects: ['sub_missing'] });
    expect(invalid.statusCode).toBe(400);
    expect((await send('GET', url, admin)).json<Application>().name).toBe('Fixed');
  });

  it('answers 404 for an application of another tenant', async () => {
    const app = await createApp({ name: 'Theirs', type: 'point' });
    expect((await send('POST', `/1/applications/${app.application_id}`, otherTenantAdmin, { name: 'Mine' })).statusCode).toBe(404);
  });
});

describe('DELETE /1/applications/{id}', () => {
  it('deletes for a tenant administrator only, with what hangs off it', async () => {
    const app = await createApp({ name: 'Doomed', type: 'point', output_subjects: [bolt], app_managers: ['manager@demo.test'] });
    const url = `/1/applications/${app.application_id}`;
    await t.db.insert(media).values({ mediaId: 'med_doomed', tenantId: app.tenant_id, createdAt: 1, mediaTimestamp: 1, md5: 'x', mediaFormat: 'png', size: 1, imageWidth: 1, imageHeight: 1, originalKey: 'k' });
    await t.db.insert(assertions).values({ detectionId: 'det_doomed', tenantId: app.tenant_id, mediaId: 'med_doomed', subjectUid: bolt, modelId: 'm', appId: app.application_id, probability: 0.5, uncalProb: 0.5, createdAt: 1 });

    expect((await send('DELETE', url, manager)).statusCode).toBe(403);
    expect((await send('DELETE', url, otherTenantAdmin)).statusCode).toBe(404);
    const response = await send('DELETE', url, admin);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await send('GET', url, admin)).statusCode).toBe(404);
    expect(await t.db.select().from(assertions)).not.toContainEqual(expect.objectContaining({ detectionId: 'det_doomed' }));
    expect((await send('DELETE', url, admin)).statusCode).toBe(404);
  });
});

describe('GET /1/applications/{id}/callback-secret', () => {
  it('shows the secret to managers and administrators only', async () => {
    const app = await createApp({ name: 'Posting', type: 'point', app_managers: ['manager@demo.test'] });
    const url = `/1/applications/${app.application_id}/callback-secret`;
    const byManager = await send('GET', url, manager);
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json<{ secret: string }>().secret).toMatch(/^[0-9a-f]{64}$/);
    expect((await send('GET', url, admin)).json()).toEqual(byManager.json());
    expect((await send('GET', url, labeller)).statusCode).toBe(403);
    expect((await send('GET', url, otherTenantAdmin)).statusCode).toBe(404);
  });
});

describe('GET /1/applications/{id}/stats', () => {
  it('counts the scheduled queue, assertions per bucket by source, and the latest detection', async () => {
    const app = await createApp({ name: 'Counted', type: 'point', output_subjects: [bolt] });
    const url = `/1/applications/${app.application_id}/stats`;
    expect((await send('GET', url, labeller)).json()).toEqual({ pending: 0, assertions_by_source: [], latest_detection_at: null });

    const hour = Math.floor(Date.now() / 1000 / 3600) * 3600;
    const appId = app.application_id;
    await t.db.insert(media).values(['med_s1', 'med_s2'].map((mediaId) => ({ mediaId, tenantId: app.tenant_id, createdAt: 1, mediaTimestamp: 1, md5: 'x', mediaFormat: 'png', size: 1, imageWidth: 1, imageHeight: 1, originalKey: 'k' })));
    const assertion = (id: string, createdAt: number, author: { userId?: string; modelId?: string }) =>
      ({ detectionId: id, tenantId: app.tenant_id, mediaId: 'med_s1', subjectUid: bolt, appId, probability: 1, uncalProb: 1, createdAt, ...author });
    await t.db.insert(assertions).values([
      assertion('det_s1', hour + 10, { modelId: 'm1' }),
      assertion('det_s2', hour + 20, { modelId: 'm1' }),
      assertion('det_s3', hour + 30, { userId: 'u1' }),
      assertion('det_s4', hour - 3600 + 5, { userId: 'u1' }),
      assertion('det_s5', hour - 100 * 86_400, { userId: 'u1' }),
    ]);
    await t.db.insert(detectionRecords).values({ appId, mediaId: 'med_s1', updatedAt: hour + 30, updateSeq: 1 });
    await t.db.insert(feedbackQueue).values([
      { appId, mediaId: 'med_s1', priority: 1, proposals: [], createdAt: 1, scheduledAt: 2 },
      { appId, mediaId: 'med_s2', priority: 1, proposals: [], createdAt: 1, scheduledAt: null },
    ]);

    expect((await send('GET', `${url}?bucket=hour`, labeller)).json<ApplicationStats>()).toEqual({
      pending: 1,
      assertions_by_source: [
        { t: hour - 3600, model: 0, user: 1 },
        { t: hour, model: 2, user: 1 },
      ],
      latest_detection_at: hour + 30,
    });
    const day = Math.floor(hour / 86_400) * 86_400;
    const byDay = (await send('GET', `${url}?bucket=day`, labeller)).json<ApplicationStats>().assertions_by_source;
    expect(byDay.reduce((sum, b) => sum + b.model + b.user, 0)).toBe(4);
    expect(byDay.at(-1)?.t).toBe(day);
  });

  it('refuses an unknown bucket with 400 and foreign ids with 404', async () => {
    const app = await createApp({ name: 'Bucketed', type: 'point' });
    expect((await send('GET', `/1/applications/${app.application_id}/stats?bucket=week`, labeller)).statusCode).toBe(400);
    expect((await send('GET', `/1/applications/${app.application_id}/stats`, otherTenantAdmin)).statusCode).toBe(404);
  });
});

describe('the callback address rule', () => {
  const privateUrls = [
    'https://10.0.0.5/hook',
    'https://172.20.1.1/hook',
    'https://192.168.1.20/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://[::]/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://metadata.google.internal/computeMetadata/v1/',
  ];

  it.each(privateUrls)('refuses %s on create with 400 naming the URL', async (url) => {
    const response = await send('POST', '/1/applications', admin, { name: 'x', type: 'classification', detection_post_urls: [url] });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.message).toContain(url);
    expect(body.message).toMatch(/^Invalid detection_post_urls\.0: The URL .* may not receive callbacks: .*CALLBACK_ALLOWED_HOSTS/);
    expect(body.errors).toEqual([{ field: 'detection_post_urls.0', message: expect.stringContaining(url) }]);
  });

  it('refuses private targets in the settings of an application, in either list, and keeps the old ones', async () => {
    const app = await createApp({ name: 'Hooks', type: 'classification', detection_post_urls: ['https://hooks.example.com/a'] });
    const update = (body: Record<string, unknown>) => send('POST', `/1/applications/${app.application_id}`, manager, body);
    await send('POST', `/1/applications/${app.application_id}`, admin, { app_managers: ['manager@demo.test'] });

    const detection = await update({ detection_post_urls: ['https://hooks.example.com/b', 'https://192.168.1.20/hook'] });
    expect(detection.statusCode).toBe(400);
    expect(detection.json<ErrorBody>().message).toMatch(/^Invalid detection_post_urls\.1: The URL https:\/\/192\.168\.1\.20\/hook/);
    const gateway = await update({ gateway_post_urls: ['https://gateway.example.com/x', 'https://169.254.169.254/x'] });
    expect(gateway.statusCode).toBe(400);
    expect(gateway.json<ErrorBody>().errors?.map((error) => error.field)).toContain('gateway_post_urls.1');

    const read = await send('GET', `/1/applications/${app.application_id}`, labeller);
    expect(read.json<Application>()).toMatchObject({ detection_post_urls: ['https://hooks.example.com/a'], gateway_post_urls: [] });
    expect((await update({ detection_post_urls: ['https://hooks.example.com/c'] })).statusCode).toBe(200);
  });

  async function withService(config: Parameters<typeof createTestApp>[0], work: (other: TestApp, auth: Record<string, string>) => Promise<void>) {
    const other = await createTestApp({ seed: true, ...config });
    try {
      await work(other, await other.demoAuth('admin@demo.test', other.demo!.tenantIds.demoLab));
    } finally {
      await other.close();
    }
  }

  const create = (other: TestApp, auth: Record<string, string>, urls: string[]) =>
    other.inject({ method: 'POST', url: '/1/applications', headers: auth, payload: { name: 'x', type: 'classification', detection_post_urls: urls } });

  it("allows loopback while the service listens on loopback, except the service's own port", async () => {
    await withService({ config: { port: 8765 } }, async (other, auth) => {
      expect((await create(other, auth, ['http://127.0.0.1:9000/cb', 'http://localhost:9001/cb', 'http://[::1]:9002/cb'])).statusCode).toBe(201);
      for (const url of ['http://127.0.0.1:8765/1/version', 'http://localhost:8765/cb']) {
        const response = await create(other, auth, [url]);
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorBody>().message).toMatch(new RegExp(`${url.replace(/[/.]/g, '\\$&')} may not receive callbacks: .*this service itself`));
      }
    });
  });

  it('refuses loopback when the service listens beyond it, and allows the hosts CALLBACK_ALLOWED_HOSTS lists', async () => {
    const callbacks = { ...DEFAULT_CALLBACK_CONFIG, pollMilliseconds: 0, allowedHosts: ['10.0.0.5', 'localhost', '[fd00::1]'] };
    await withService({ config: { host: '0.0.0.0', port: 8443, callbacks } }, async (other, auth) => {
      const loopback = await create(other, auth, ['http://127.0.0.1:9000/cb']);
      expect(loopback.statusCode).toBe(400);
      expect(loopback.json<ErrorBody>().message).toMatch(/allowed only while the service listens on loopback/);
      const allowed = await create(other, auth, ['https://10.0.0.5/hook', 'http://localhost:9000/cb', 'https://[fd00::1]/hook']);
      expect(allowed.statusCode).toBe(201);
      expect((await create(other, auth, ['https://10.0.0.6/hook'])).statusCode).toBe(400);
    });
  });
});
