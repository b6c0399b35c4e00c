import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intersectionOverUnion } from '../../src/api/application-types/box-detection';
import { mediaObjectsSchema } from '../../src/api/schemas/detected-objects';
import type { BoxCoords } from '../../src/api/types';
import { multipartBody } from '../testing/multipart-body';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';

const PHOTOS = new URL('../demo/photos/', import.meta.url);

let t: TestApp;
let labeller: Record<string, string>;
let stranger: Record<string, string>;
let mediaId: string;
let truth: { class: string; box: BoxCoords }[];

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  labeller = await t.demoAuth('labeller@demo.test', t.demo!.tenantIds.demoLab);
  await t.inject({ method: 'POST', url: '/1/users', payload: { email: 'outsider@else.test', password: 'outsider-pass' } });
  stranger = bearer(await t.signIn('outsider@else.test', 'outsider-pass'));
  const body = await multipartBody([['file', await readFile(new URL('street-02.jpg', PHOTOS)), 'street-02.jpg']]);
  const uploaded = await t.inject({ method: 'POST', url: '/1/media', headers: { ...labeller, ...body.headers }, payload: body.payload });
  mediaId = uploaded.json<{ media_id: string }>().media_id;
  truth = (JSON.parse(await readFile(new URL('street-02.json', PHOTOS), 'utf8')) as { objects: typeof truth }).objects;
}, 60_000);
afterAll(() => t.close());

describe('GET /1/media/{id}/objects (extension)', () => {
  it('lists every object the detector finds, of any class, strongest first, down to score 0.1', async () => {
    const response = await t.inject({ method: 'GET', url: `/1/media/${mediaId}/objects`, headers: labeller });
    expect(response.statusCode).toBe(200);
    const { media_id, objects } = mediaObjectsSchema.parse(response.json());
    expect(media_id).toBe(mediaId);
    const scores = objects.map((object) => object.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(0.1);
    // weak objects are listed too: click-to-box needs them where no application would propose them
    expect(Math.min(...scores)).toBeLessThan(0.5);
    const people = objects.filter((object) => object.class === 'person');
    const found = truth.filter((object) => object.class === 'person' && people.some((p) => intersectionOverUnion(p.box, object.box) >= 0.5));
    expect(found.length).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('is 404 for an unknown or foreign media id, and 401 without a token', async () => {
    const unknown = await t.inject({ method: 'GET', url: '/1/media/med_nothing/objects', headers: labeller });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBeTruthy();
    expect((await t.inject({ method: 'GET', url: `/1/media/${mediaId}/objects`, headers: stranger })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/1/media/${mediaId}/objects` })).statusCode).toBe(401);
  });
});
