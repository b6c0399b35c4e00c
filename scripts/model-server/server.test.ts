// The reference model server against the service, both on loopback: the service asks it as it would any Label Studio
// ML backend, and it answers with the built-in detector.
import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxRegion } from '../../src/api/application-types/answer';
import { intersectionOverUnion } from '../../src/api/application-types/box-detection';
import type { ModelServer } from '../../src/api/schemas/model-server';
import { assertions } from '../../server/db/schema';
import { multipartBody } from '../../server/testing/multipart-body';
import { createTestApp, type TestApp } from '../../server/testing/test-app';
import { detectCocoObjects } from '../../server/vision/detector/detector';
import { startReferenceServer, type ReferenceServer } from './server';

const PHOTOS = new URL('../../server/demo/photos/', import.meta.url);
let t: TestApp;
let reference: ReferenceServer;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
  reference = await startReferenceServer({ port: 0, host: '127.0.0.1', detect: (image) => detectCocoObjects(image) });
}, 90_000);
afterAll(async () => {
  await reference?.close();
  await t?.close();
});

describe('the reference model server', () => {
  it("boxes a person in a photo for a box_detection application, and hears of the labeller's answer", async () => {
    const subject = async (name: string) => (await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name } })).json<{ subject_uid: string }>().subject_uid;
    const [input, person] = [await subject('Crew camera'), await subject('Person')];
    const created = await t.inject({ method: 'POST', url: '/1/applications', headers: admin, payload: { name: 'Crew', type: 'box_detection', input_subjects: [input], output_subjects: [person] } });
    const appId = created.json<{ application_id: string }>().application_id;
    expect((await t.inject({ method: 'PUT', url: `/1/applications/${appId}/model_backend`, headers: admin, payload: { url: reference.url } })).statusCode).toBe(200);
    await t.app.jobs.drain();

    const body = await multipartBody([['file', await readFile(new URL('astronaut.jpg', PHOTOS)), 'astronaut.jpg']]);
    const uploaded = await t.inject({ method: 'POST', url: `/1/subjects/${input}/media`, headers: { ...admin, ...body.headers }, payload: body.payload });
    const mediaId = uploaded.json<{ media_id: string }>().media_id;
    await t.app.jobs.drain();

    const truth = (JSON.parse(await readFile(new URL('astronaut.json', PHOTOS), 'utf8')) as { objects: { box: BoxRegion['box'] }[] }).objects[0]!.box;
    const [row] = await t.db.select().from(assertions).where(and(eq(assertions.appId, appId), eq(assertions.mediaId, mediaId), eq(assertions.subjectUid, person), eq(assertions.modelId, 'external:server looplabel-centernet-1')));
    const boxes = row!.appData as BoxRegion[];
    expect(Math.max(...boxes.map(({ box }) => intersectionOverUnion(box, truth)))).toBeGreaterThan(0.5);
    const status = (await t.inject({ method: 'GET', url: `/1/applications/${appId}/model_backend`, headers: admin })).json<ModelServer>();
    expect(status).toMatchObject({ state: 'connected', model_version: 'looplabel-centernet-1', dropped_note: null });

    const answer = { media_id: mediaId, subjects: [{ subject_uid: person, result: 'True', app_data_type: 'box_set', app_data: [{ box: truth }] }] };
    expect((await t.inject({ method: 'POST', url: `/1/applications/${appId}/feedback`, headers: admin, payload: answer })).statusCode).toBe(204);
    await t.app.jobs.drain();
    expect(reference.events).toEqual(['ANNOTATION_CREATED']);
  });
});
