import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubjectMediaUpload, UploadedMedia } from '../../src/api/schemas/media';
import { assertions, media } from '../db/schema';
import { insertSubject } from '../feedback/test-fixtures';
import { makeImage } from '../media/test-images';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let tenantId: string;
let labeller: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
});
afterAll(() => t.close());

async function upload(bytes: Buffer, fields: [string, string][] = [], url = '/1/media', headers = labeller) {
  const body = await multipartBody([['file', bytes, 'photo.png'], ...fields]);
  return t.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

const mediaOfBytes = async (md5: string) => t.db.select().from(media).where(and(eq(media.tenantId, tenantId), eq(media.md5, md5)));

describe('POST /1/media with bytes the tenant has', () => {
  it('answers 200 with the earlier media item and duplicate: true, storing nothing new', async () => {
    const bytes = await makeImage('png', 31, 17);
    const first = await upload(bytes);
    expect(first.statusCode).toBe(201);
    expect(first.json<UploadedMedia>().duplicate).toBe(false);
    const again = await upload(bytes, [['filename', 'copy.png']]);
    expect(again.statusCode).toBe(200);
    expect(again.json<UploadedMedia>()).toMatchObject({ media_id: first.json<UploadedMedia>().media_id, filename: 'photo.png', duplicate: true });
    expect(await mediaOfBytes(first.json<UploadedMedia>().md5)).toHaveLength(1);
  });

  it('keeps them as a new item with allow_duplicate, and per tenant', async () => {
    const bytes = await makeImage('png', 32, 17);
    const first = (await upload(bytes)).json<UploadedMedia>();
    const kept = await upload(bytes, [['allow_duplicate', 'true']]);
    expect(kept.statusCode).toBe(201);
    expect(kept.json<UploadedMedia>()).toMatchObject({ duplicate: false, md5: first.md5 });
    expect(kept.json<UploadedMedia>().media_id).not.toBe(first.media_id);
    const harbour = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
    expect((await upload(bytes, [], '/1/media', harbour)).statusCode).toBe(201);
    expect((await upload(bytes, [['allow_duplicate', 'maybe']])).json()).toMatchObject({ message: expect.stringContaining('Use true or false.') });
  });

  it('makes one media item of the same bytes uploaded at once', async () => {
    const bytes = await makeImage('png', 33, 17);
    const responses = await Promise.all([upload(bytes), upload(bytes), upload(bytes)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(responses.map((response) => response.json<UploadedMedia>().media_id)).size).toBe(1);
    expect(await mediaOfBytes(responses[0]!.json<UploadedMedia>().md5)).toHaveLength(1);
  });
});

describe('POST /1/subjects/{uid}/media with bytes the tenant has', () => {
  it('changes nothing in the subject it is in, and joins another subject', async () => {
    const belt = await insertSubject(t.db, tenantId, 'belt');
    const dock = await insertSubject(t.db, tenantId, 'dock');
    const bytes = await makeImage('png', 34, 17);
    const first = (await upload(bytes, [], `/1/subjects/${belt}/media`)).json<SubjectMediaUpload>();
    expect(first.duplicate).toBe(false);
    const again = await upload(bytes, [], `/1/subjects/${belt}/media`);
    expect(again.statusCode).toBe(200);
    expect(again.json<SubjectMediaUpload>()).toEqual({ ...first, duplicate: true });
    const associations = () => t.db.select().from(assertions).where(eq(assertions.mediaId, first.media_id));
    expect(await associations()).toHaveLength(1);

    const elsewhere = (await upload(bytes, [], `/1/subjects/${dock}/media`)).json<SubjectMediaUpload>();
    expect(elsewhere).toMatchObject({ media_id: first.media_id, subject_uid: dock, duplicate: true });
    expect((await associations()).map((row) => row.subjectUid).sort()).toEqual([belt, dock].sort());
  });
});
