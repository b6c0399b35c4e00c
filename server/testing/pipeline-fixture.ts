// What the tests of the pipeline types share: a test app with the demo data, subjects, uploads and the media of a subject.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Media } from '../../src/api/schemas/media';
import { multipartBody } from './multipart-body';
import type { ServiceConfig } from '../config';
import { createTestApp, type TestApp } from './test-app';

export let t: TestApp;
export let admin: Record<string, string>;
export let labeller: Record<string, string>;

/** A test app with the demo data for the file's tests; `config` e.g. allows the types by special arrangement. */
export function usePipelineApp(config: Partial<ServiceConfig> = {}) {
  beforeAll(async () => {
    t = await createTestApp({ seed: true, config });
    const tenantId = t.demo!.tenantIds.demoLab;
    admin = await t.demoAuth('admin@demo.test', tenantId);
    labeller = await t.demoAuth('labeller@demo.test', tenantId);
  });
  afterAll(() => t.close());
}

export const post = (url: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url, headers: admin, payload });

export async function createSubject(name: string): Promise<string> {
  return (await post('/1/subjects', { name })).json().subject_uid;
}

export async function uploadToSubject(subjectUid: string, bytes: Buffer, filename: string, mediaTimestamp: number): Promise<string> {
  const body = await multipartBody([['file', bytes, filename], ['media_timestamp', String(mediaTimestamp)]]);
  const response = await t.inject({ method: 'POST', url: `/1/subjects/${subjectUid}/media`, headers: { ...labeller, ...body.headers }, payload: body.payload });
  expect(response.statusCode).toBe(200);
  return response.json().media_id as string;
}

/** The subject's associations (media id and focus), in the order they were made. */
export async function associationsOf(subjectUid: string): Promise<{ media: { media_id: string }; focus: unknown }[]> {
  return (await t.inject({ method: 'GET', url: `/1/subjects/${subjectUid}/media?limit=100`, headers: labeller })).json().data;
}

/** Every media item associated with the subject, with its media object. */
export async function mediaOfSubject(subjectUid: string): Promise<Media[]> {
  const list = { data: await associationsOf(subjectUid) };
  const ids = [...new Set((list.data as { media: { media_id: string } }[]).map((row) => row.media.media_id))];
  return Promise.all(ids.map(async (id) => (await t.inject({ method: 'GET', url: `/1/media/${id}`, headers: labeller })).json<Media>()));
}

/** The detections of one media item, as the interface lists them. */
export async function detectionsOf(mediaId: string) {
  const response = await t.inject({ method: 'GET', url: `/1/media/${mediaId}/detections`, headers: labeller });
  return response.json().detections as { app_id: string | null; subject_uid: string; model_id: string | null; probability: number; app_data_type: string | null; app_data: unknown }[];
}
