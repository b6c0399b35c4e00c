import { describe, expect, it } from 'vitest';
import type { Application, ApplicationStats } from '../../src/api/schemas/application';
import type { ErrorBody, ListResponse } from '../../src/api/types';
import { assertions, detectionRecords, feedbackQueue, media } from '../db/schema';
import { t, admin, labeller, manager, otherTenantAdmin, bolt, nut, send, createApp, useApplicationsApp } from '../testing/applications-fixture';

useApplicationsApp();

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
