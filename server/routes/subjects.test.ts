import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResponse } from '../../src/api/types';
import type { Subject } from '../../src/api/schemas/subjects';
import { assertions, media } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let admin: Record<string, string>;
let labeller: Record<string, string>;
let otherTenantAdmin: Record<string, string>;

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, body?: unknown) =>
  t.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });

async function createSubject(body: Record<string, unknown>, headers = admin): Promise<Subject> {
  const response = await send('POST', '/1/subjects', headers, body);
  expect(response.statusCode).toBe(201);
  return response.json<Subject>();
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
  otherTenantAdmin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
  labeller = await t.demoAuth('labeller@demo.test');
});
afterAll(() => t.close());

describe('POST /1/subjects', () => {
  it('creates a subject, ignoring unknown keys', async () => {
    const subject = await createSubject({ name: ' Red bolt ', public_write: true });
    expect(subject).toEqual({
      subject_uid: expect.stringMatching(/^sub_/),
      name: 'Red bolt',
      description: '',
      detector_class: null,
      tenant_id: t.demo!.tenantIds.demoLab,
      created_by: 'admin@demo.test',
      created_at: expect.any(Number),
      modified_at: subject.created_at,
    });
    expect((await send('GET', `/1/subjects/${subject.subject_uid}`, labeller)).json()).toEqual(subject);
  });

  it.each([[{}], [{ name: '' }], [{ name: 'x'.repeat(101) }], [{ name: 'x', description: 5 }]])('refuses %j with 400', async (body) => {
    const response = await send('POST', '/1/subjects', admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: unknown[] }>().errors.length).toBeGreaterThan(0);
  });

  it('is for tenant administrators only', async () => {
    expect((await send('POST', '/1/subjects', labeller, { name: 'x' })).statusCode).toBe(403);
  });
});

describe('GET /1/tenants/{id|current}/subjects', () => {
  it("lists the tenant's subjects by name, and no other tenant's", async () => {
    const zebra = await createSubject({ name: 'Zebra', description: 'striped' });
    const apple = await createSubject({ name: 'Apple' });
    const theirs = await createSubject({ name: 'Theirs' }, otherTenantAdmin);
    const names = (await send('GET', '/1/tenants/current/subjects', labeller)).json<ListResponse<Subject>>().data;
    expect(names.indexOf(names.find((s) => s.subject_uid === apple.subject_uid)!)).toBeLessThan(
      names.indexOf(names.find((s) => s.subject_uid === zebra.subject_uid)!),
    );
    expect(names).toContainEqual(zebra);
    expect(names.map((s) => s.subject_uid)).not.toContain(theirs.subject_uid);
    expect((await send('GET', `/1/tenants/${t.demo!.tenantIds.harbour}/subjects`, labeller)).statusCode).toBe(404);
  });
});

describe('POST /1/subjects/{uid}', () => {
  it('updates and returns the whole subject', async () => {
    const subject = await createSubject({ name: 'Before' });
    const response = await send('POST', `/1/subjects/${subject.subject_uid}`, admin, { description: 'After', extra: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...subject, description: 'After', modified_at: expect.any(Number) });
  });

  it('refuses a non-admin (403), bad input (400) and foreign ids (404)', async () => {
    const subject = await createSubject({ name: 'Kept' });
    const url = `/1/subjects/${subject.subject_uid}`;
    expect((await send('POST', url, labeller, { name: 'x' })).statusCode).toBe(403);
    expect((await send('POST', url, admin, { name: '' })).statusCode).toBe(400);
    expect((await send('POST', url, otherTenantAdmin, { name: 'x' })).statusCode).toBe(404);
    expect((await send('GET', url, otherTenantAdmin)).statusCode).toBe(404);
    expect((await send('GET', '/1/subjects/sub_missing', admin)).json()).toEqual({ message: 'Subject not found.' });
  });
});

describe('DELETE /1/subjects/{uid}', () => {
  it('refuses with 409 while an application uses the subject, then deletes it and its assertions', async () => {
    const subject = await createSubject({ name: 'Used' });
    const url = `/1/subjects/${subject.subject_uid}`;
    const app = await send('POST', '/1/applications', admin, { name: 'User', type: 'point', input_subjects: [subject.subject_uid] });
    const appId = app.json<{ application_id: string }>().application_id;

    const refused = await send('DELETE', url, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'The subject Used is used by the application(s) User; remove it from them first.' });

    await send('POST', `/1/applications/${appId}`, admin, { input_subjects: [] });
    await t.db.insert(media).values({ mediaId: 'med_subject', tenantId: subject.tenant_id, createdAt: 1, mediaTimestamp: 1, md5: 'x', mediaFormat: 'png', size: 1, imageWidth: 1, imageHeight: 1, originalKey: 'k' });
    await t.db.insert(assertions).values({ detectionId: 'det_subject', tenantId: subject.tenant_id, mediaId: 'med_subject', subjectUid: subject.subject_uid, userId: 'u', probability: 1, uncalProb: 1, createdAt: 1 });

    expect((await send('DELETE', url, labeller)).statusCode).toBe(403);
    expect((await send('DELETE', url, otherTenantAdmin)).statusCode).toBe(404);
    expect((await send('DELETE', url, admin)).statusCode).toBe(204);
    expect((await send('GET', url, admin)).statusCode).toBe(404);
    expect(await t.db.select().from(assertions)).not.toContainEqual(expect.objectContaining({ detectionId: 'det_subject' }));
  });
});

describe('the detector class of a subject (extension)', () => {
  it('is set, changed and cleared by a tenant administrator, and only to a COCO class or "none"', async () => {
    const subject = await createSubject({ name: 'Walker', detector_class: 'person' });
    expect(subject.detector_class).toBe('person');
    const url = `/1/subjects/${subject.subject_uid}`;
    expect((await send('POST', url, admin, { detector_class: 'none' })).json<Subject>().detector_class).toBe('none');
    expect((await send('POST', url, admin, { detector_class: null })).json<Subject>().detector_class).toBeNull();
    const refused = await send('POST', url, admin, { detector_class: 'dragon' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/COCO class/);
  });

  it('may be set by a manager of an application that outputs the subject, who may not rename it', async () => {
    const manager = await t.demoAuth('manager@demo.test');
    const outputs = await createSubject({ name: 'Kitty' });
    const elsewhere = await createSubject({ name: 'Puppy' });
    const created = await send('POST', '/1/applications', admin, {
      name: 'Cats',
      type: 'box_detection',
      output_subjects: [outputs.subject_uid],
      app_managers: ['manager@demo.test'],
    });
    expect(created.statusCode).toBe(201);
    const mapped = await send('POST', `/1/subjects/${outputs.subject_uid}`, manager, { detector_class: 'dog' });
    expect(mapped.statusCode).toBe(200);
    expect(mapped.json<Subject>().detector_class).toBe('dog');
    expect((await send('POST', `/1/subjects/${outputs.subject_uid}`, manager, { name: 'Cat' })).statusCode).toBe(403);
    expect((await send('POST', `/1/subjects/${elsewhere.subject_uid}`, manager, { detector_class: 'dog' })).statusCode).toBe(403);
    expect((await send('POST', `/1/subjects/${outputs.subject_uid}`, labeller, { detector_class: 'cat' })).statusCode).toBe(403);
  });
});
