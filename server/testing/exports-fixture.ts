// What the export route tests share: a test app with the demo data, answers on media, and running an export.
import { afterAll, beforeAll, expect } from 'vitest';
import type { ExportStatus } from '../../src/api/schemas/exports';
import type { AppData } from '../../src/api/application-types/answer';
import type { ApplicationType } from '../../src/api/types';
import { recordAssertions } from '../domain/assertions';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { makeImage } from '../media/test-images';
import { createTestApp, type TestApp } from './test-app';

export let t: TestApp;
export let tenantId: string;
export let admin: Record<string, string>;
export let labeller: Record<string, string>;
let labellerId: string;
export let cat: string;
export let dog: string;

/** One test app with the demo data, and two subjects, for the file that calls it. */
export function useExportsApp() {
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    tenantId = t.demo!.tenantIds.demoLab;
    admin = await t.demoAuth('admin@demo.test', tenantId);
    labeller = await t.demoAuth('labeller@demo.test', tenantId);
    labellerId = t.demo!.userIds.labeller;
    cat = await insertSubject(t.db, tenantId, 'cat');
    dog = await insertSubject(t.db, tenantId, 'dog "spotted"');
  });
  afterAll(() => t.close());
}

export interface Answer {
  subject: string;
  present: boolean;
  appData?: AppData;
  decidedAt?: number;
}

export async function answer(appId: string, mediaId: string, answers: Answer[]) {
  for (const { subject, present, appData, decidedAt = 1_700_000_000 } of answers) {
    await recordAssertions(t.db, {
      tenantId,
      mediaId,
      userId: labellerId,
      appId,
      decisionTime: decidedAt,
      assertions: [{ subjectUid: subject, probability: present ? 1 : 0, appData: appData ?? null }],
    });
  }
}

/** An application of the type with two 200×100 PNG media items; their ids in order. */
export async function appWithMedia(type: ApplicationType, overrides = {}) {
  const appRow = await insertApplication(t.db, tenantId, type, [cat, dog], { name: `Export ${type}`, ...overrides });
  const data = await makeImage('png', 200, 100);
  const mediaIds = [];
  for (let index = 0; index < 2; index += 1) mediaIds.push((await insertMedia(t.db, tenantId, { width: 200, height: 100 }, { blobs: t.app.blobs, data })).mediaId);
  return { appId: appRow.applicationId, mediaIds: mediaIds.sort(), data };
}

export async function runExport(appId: string, body: object, headers = admin) {
  const started = await t.inject({ method: 'POST', url: `/1/applications/${appId}/exports`, headers, payload: body });
  expect(started.statusCode, started.body).toBe(202);
  const { export_id } = started.json<ExportStatus>();
  await t.app.jobs.drain();
  const status = (await t.inject({ method: 'GET', url: `/1/applications/${appId}/exports/${export_id}`, headers })).json<ExportStatus>();
  const file = await t.inject({ method: 'GET', url: `/1/applications/${appId}/exports/${export_id}/file`, headers });
  return { status, file };
}

export const boxes = (...list: [number, number, number, number][]): AppData => list.map(([x0, y0, x1, y1]) => ({ box: { x0, y0, x1, y1 } }));
