import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/api/types';
import type { Subject } from '../../src/api/schemas/subjects';
import { SECURE_URL_MESSAGE } from '../../src/api/url-rule';
import { createApplication } from '../domain/applications';
import { t, admin, labeller, manager, otherTenantAdmin, camera, bolt, nut, send, createApp, useApplicationsApp } from '../testing/applications-fixture';

useApplicationsApp();

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
      system_feedback_per_hour: 120,
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
      gold_rate: 0.1,
      quality_flag_below: 0.8,
      feedback_scope: 'uncertain',
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

  it('refuses a camera or a feed without its address, in words, instead of failing at its first capture', async () => {
    for (const [type, field, words] of [
      ['social_feed', 'custom_fields.feed_url', 'A feed needs its address (feed_url)'],
      ['network_camera', 'custom_fields.camera_url', 'A camera needs its address (camera_url)'],
    ] as const) {
      const response = await send('POST', '/1/applications', admin, { name: `No ${type}`, type, output_subjects: [camera] });
      expect(response.statusCode).toBe(400);
      const [error] = response.json<ErrorBody>().errors!;
      expect(error).toMatchObject({ field });
      expect(error!.message).toContain(words);
    }
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
