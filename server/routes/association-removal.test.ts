import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../media/test-images';
import { multipartBody } from '../processing/multipart-body';
import { drainProcessing } from '../processing/pipeline';
import { createTestApp, type TestApp } from '../testing/test-app';

type Headers = Record<string, string>;

let t: TestApp;
let admin: Headers;
let labeller: Headers;
let manager: Headers;
let camera: string;
let blue: string;
let red: string;
let width = 60;

async function post(url: string, payload: Record<string, unknown>): Promise<string> {
  const response = await t.inject({ method: 'POST', url, headers: admin, payload });
  expect(response.statusCode).toBeLessThan(300);
  return response.json().subject_uid ?? response.json().application_id;
}

/** A fresh image uploaded to the camera subject by `who`, run through the applications: its media id. */
async function capture(who: Headers): Promise<string> {
  const body = await multipartBody([['file', await makeImage('png', (width += 1), 40), 'shot.png']]);
  const response = await t.inject({ method: 'POST', url: `/1/subjects/${camera}/media`, headers: { ...who, ...body.headers }, payload: body.payload });
  expect(response.statusCode).toBe(200);
  await drainProcessing(t.app);
  return response.json().media_id;
}

const remove = (who: Headers, subjectUid: string, mediaId: string) =>
  t.inject({ method: 'DELETE', url: `/1/subjects/${subjectUid}/media?media_id=${mediaId}`, headers: who });

async function subjectsOf(mediaId: string): Promise<string[]> {
  const response = await t.inject({ method: 'GET', url: `/1/media/${mediaId}/subjects`, headers: admin });
  return response.json<{ data: { subject: { subject_uid: string } }[] }>().data.map((item) => item.subject.subject_uid).sort();
}

async function expectRefused(who: Headers, subjectUid: string, mediaId: string) {
  const before = await subjectsOf(mediaId);
  expect(before).toContain(subjectUid);
  const response = await remove(who, subjectUid, mediaId);
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ message: expect.stringMatching(/^You may remove only associations you made yourself/) });
  expect(await subjectsOf(mediaId)).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const tenantId = t.demo!.tenantIds.demoLab;
  admin = await t.demoAuth('admin@demo.test', tenantId);
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  manager = await t.demoAuth('manager@demo.test', tenantId);
  camera = await post('/1/subjects', { name: 'camera' });
  blue = await post('/1/subjects', { name: 'blue thing' });
  red = await post('/1/subjects', { name: 'red thing' });
  const detector = (output: string, colour: string, managers: string[]) => ({
    type: 'detection_fullframe',
    input_subjects: [camera],
    output_subjects: [output],
    app_managers: managers,
    custom_fields: { appearance: { [output]: { color: colour } } },
  });
  await post('/1/applications', { name: 'Managed', ...detector(blue, '#1e78c8', ['manager@demo.test']) });
  await post('/1/applications', { name: 'Not managed', ...detector(red, '#c81e1e', []) });
});
afterAll(() => t.close());

describe('DELETE /1/subjects/{uid}/media: who may remove an association', () => {
  it('lets a labeller remove their own capture', async () => {
    const mediaId = await capture(labeller);
    expect(await subjectsOf(mediaId)).toContain(camera);
    expect((await remove(labeller, camera, mediaId)).statusCode).toBe(204);
    expect(await subjectsOf(mediaId)).not.toContain(camera);
  });

  it("refuses a labeller an admin's upload and a model's association (403), removing nothing", async () => {
    await expectRefused(labeller, camera, await capture(admin));
    const own = await capture(labeller);
    await expectRefused(labeller, blue, own);
    await expectRefused(labeller, red, own);
  });

  it("lets an application's manager remove associations inside it, and nothing outside it", async () => {
    const mediaId = await capture(admin);
    expect((await remove(manager, blue, mediaId)).statusCode).toBe(204);
    expect(await subjectsOf(mediaId)).not.toContain(blue);
    await expectRefused(manager, red, mediaId);
    await expectRefused(manager, camera, mediaId);
  });

  it('lets a tenant admin remove any association', async () => {
    const mediaId = await capture(labeller);
    for (const subjectUid of [camera, blue, red]) expect((await remove(admin, subjectUid, mediaId)).statusCode).toBe(204);
    expect(await subjectsOf(mediaId)).toEqual([]);
  });
});
