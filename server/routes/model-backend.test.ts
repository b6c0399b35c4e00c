import { readFile } from 'node:fs/promises';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BoxRegion } from '../../src/api/application-types/answer';
import type { ModelServer } from '../../src/api/schemas/model-server';
import { assertions } from '../db/schema';
import { makeImage } from '../media/test-images';
import { multipartBody } from '../testing/multipart-body';
import { startProtocolServer, type ProtocolAnswer, type ProtocolRequest, type ProtocolServer } from '../testing/protocol-server';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let admin: Record<string, string>;
let labeller: Record<string, string>;
let otherTenant: Record<string, string>;
let photo: Buffer;
let input: string;
let bolt: string;
let nut: string;
let server: ProtocolServer;

const PHOTOS = new URL('../demo/photos/', import.meta.url);

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
  otherTenant = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.harbour);
  labeller = await t.demoAuth('labeller@demo.test');
  photo = await readFile(new URL('astronaut.jpg', PHOTOS));
  const subject = async (name: string) => (await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name } })).json<{ subject_uid: string }>().subject_uid;
  [input, bolt, nut] = [await subject('Belt camera'), await subject('Bolt'), await subject('Nut')];
}, 60_000);
afterAll(() => t.close());
afterEach(() => server?.close());

async function boxApp(name: string): Promise<string> {
  const created = await t.inject({ method: 'POST', url: '/1/applications', headers: admin, payload: { name, type: 'box_detection', input_subjects: [input], output_subjects: [bolt, nut] } });
  expect(created.statusCode).toBe(201);
  return created.json<{ application_id: string }>().application_id;
}

let uploads = 0;
/** A new image each time (the same bytes again would be the same media item). */
async function upload(): Promise<string> {
  uploads += 1;
  const image = uploads === 1 ? photo : await makeImage('png', 512, 512, 30 + uploads);
  const body = await multipartBody([['file', image, uploads === 1 ? 'astronaut.jpg' : 'plain.png']]);
  const response = await t.inject({ method: 'POST', url: `/1/subjects/${input}/media`, headers: { ...admin, ...body.headers }, payload: body.payload });
  expect(response.statusCode).toBeLessThan(300);
  return response.json<{ media_id: string }>().media_id;
}

const put = (appId: string, payload: unknown, headers = admin) => t.inject({ method: 'PUT', url: `/1/applications/${appId}/model_backend`, headers, payload: payload as object });
const status = async (appId: string) => (await t.inject({ method: 'GET', url: `/1/applications/${appId}/model_backend`, headers: admin })).json<ModelServer>();

async function connected(answer?: (request: ProtocolRequest, index: number) => ProtocolAnswer | undefined, settings: Record<string, unknown> = {}) {
  server = await startProtocolServer(answer);
  const appId = await boxApp(`Served ${Math.random()}`);
  const response = await put(appId, { url: server.url, auth_header: 'Bearer s3cret-token', ...settings });
  expect(response.statusCode).toBe(200);
  await t.app.jobs.drain();
  return appId;
}

const rectangle = (label: string, x: number, y: number, width: number, height: number, extra: Record<string, unknown> = {}) => ({
  from_name: 'label',
  to_name: 'image',
  type: 'rectanglelabels',
  value: { x, y, width, height, rotation: 0, rectanglelabels: [label], ...extra },
  score: 0.9,
});

describe('PUT, GET and DELETE /1/applications/{id}/model_backend', () => {
  it('connects a server with its auth header sealed: shown only as auth_set, sent only to the server', async () => {
    const appId = await connected();
    const shown = await status(appId);
    expect(shown).toMatchObject({ url: server.url, auth_set: true, timeout_seconds: 30, interactive: false, model_source: 'server', state: 'connected', model_version: 'v1' });
    expect(JSON.stringify(shown)).not.toContain('s3cret');
    const [health] = server.to('/health');
    expect(health!.headers.authorization).toBe('Bearer s3cret-token');
    const setup = server.to('/setup')[0]!.body!;
    expect(setup.schema).toBe('<View><Image name="image" value="$image"/><RectangleLabels name="label" toName="image"><Label value="Bolt"/><Label value="Nut"/></RectangleLabels></View>');
    expect(setup).toMatchObject({ project: expect.stringContaining(appId), model_version: null, extra_params: {} });
    expect(typeof setup.access_token).toBe('string');
    const versions = await t.inject({ method: 'GET', url: `/1/applications/${appId}/model_backend/versions`, headers: admin });
    expect(versions.json().versions.map((v: { model_version: string }) => v.model_version)).toEqual(['v1']);
  });

  it('lets only managers in: 403 for a labeller, 404 in another tenant', async () => {
    const appId = await boxApp('Guarded');
    expect((await put(appId, { url: 'http://127.0.0.1:9' }, labeller)).statusCode).toBe(403);
    expect((await put(appId, { url: 'http://127.0.0.1:9' }, otherTenant)).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/1/applications/${appId}/model_backend`, headers: labeller })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `/1/applications/${appId}/model_backend`, headers: admin })).statusCode).toBe(404);
  });

  it('refuses at once a URL the address rule refuses, and a timeout out of range', async () => {
    const appId = await boxApp('Refused');
    const metadata = await put(appId, { url: 'http://169.254.169.254/latest/' });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json().message).toMatch(/link-local address.*which a model server may never be/);
    const privateRange = await put(appId, { url: 'http://10.0.0.5:9090' });
    expect(privateRange.statusCode).toBe(400);
    expect(privateRange.json().message).toMatch(/MODEL_BACKEND_ALLOWED_NETWORKS/);
    expect((await put(appId, { url: 'http://metadata.google.internal/' })).statusCode).toBe(400);
    expect((await put(appId, { url: 'http://127.0.0.1:9', timeout_seconds: 121 })).statusCode).toBe(400);
    expect((await put(appId, { url: 'http://user:pw@127.0.0.1:9' })).statusCode).toBe(400);
  });
});

describe('predictions of new media', () => {
  it('asks the server with a signed image link and records its boxes, dropping what breaks the rule', async () => {
    const appId = await connected((request) =>
      request.path === '/predict'
        ? { json: { results: [{ result: [rectangle('Bolt', 10, 20, 30, 40), rectangle('Bolt', 50, 50, 10, 10, { rotation: 30 }), rectangle('Screw', 1, 1, 5, 5), rectangle('Nut', 90, 90, 20, 20)], score: 0.8, model_version: 'yolo-7' }] } }
        : undefined,
    );
    const mediaId = await upload();
    await t.app.jobs.drain();
    const predict = server.to('/predict')[0]!.body as { tasks: { data: { image: string } }[]; label_config: string; params: { context: unknown } };
    expect(predict.label_config).toContain('<RectangleLabels name="label" toName="image">');
    expect(predict.params.context).toBeNull();
    const image = new URL(predict.tasks[0]!.data.image);
    expect(image.searchParams.get('app')).toBe(appId);
    const fetched = await t.inject({ method: 'GET', url: `${image.pathname}${image.search}` });
    expect(fetched.statusCode).toBe(200);
    const forged = await t.inject({ method: 'GET', url: `${image.pathname}${image.search.replace(/app=[^&]+/, 'app=another')}` });
    expect(forged.statusCode).toBe(403);

    const rows = await t.db.select().from(assertions).where(and(eq(assertions.appId, appId), eq(assertions.mediaId, mediaId), like(assertions.modelId, 'external:server yolo-7')));
    const boltBoxes = rows.find((row) => row.subjectUid === bolt)!.appData as BoxRegion[];
    expect(boltBoxes).toEqual([{ box: { x0: 51, y0: 102, x1: 205, y1: 307 }, probability: 0.9 }]);
    const shown = await status(appId);
    expect(shown.model_version).toBe('yolo-7');
    expect(shown.dropped_note).toMatch(/rotated rectangle/);
    expect(shown.dropped_note).toMatch(/unknown label "Screw"/);
    expect(shown.dropped_note).toMatch(/outside the image/);

    expect((await t.inject({ method: 'DELETE', url: `/1/applications/${appId}/model_backend`, headers: admin })).statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `${image.pathname}${image.search}` })).statusCode).toBe(403);
  });

  it('says timed out when the server hangs, and unreachable when nothing listens', async () => {
    const appId = await connected((request) => (request.path === '/predict' ? 'hang' : undefined), { timeout_seconds: 1 });
    await upload();
    await t.app.jobs.drain();
    expect(await status(appId)).toMatchObject({ state: 'timed_out', last_error: expect.stringMatching(/did not answer \/predict within 1 s/) });
    await server.close();
    await t.inject({ method: 'POST', url: `/1/applications/${appId}/model_backend/test`, headers: admin });
    await t.app.jobs.drain();
    expect((await status(appId)).state).toBe('unreachable');
  });

  it('stops reading a flood at the size limit, and calls it an error', async () => {
    const appId = await connected((request) => (request.path === '/predict' ? 'flood' : undefined));
    await upload();
    await t.app.jobs.drain();
    expect(await status(appId)).toMatchObject({ state: 'error', last_error: expect.stringMatching(/larger than/) });
  });
});

describe('webhooks', () => {
  it('sends an answer as ANNOTATION_CREATED with its boxes in the config\'s tags, in percent', async () => {
    const appId = await connected();
    const mediaId = await upload();
    await t.app.jobs.drain();
    const answer = { media_id: mediaId, subjects: [{ subject_uid: bolt, result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 10, y0: 20, x1: 110, y1: 220 } }] }] };
    const posted = await t.inject({ method: 'POST', url: `/1/applications/${appId}/feedback`, headers: admin, payload: answer });
    expect(posted.statusCode).toBe(204);
    await t.app.jobs.drain();
    const [hook] = server.to('/webhook');
    expect(hook!.body).toMatchObject({ action: 'ANNOTATION_CREATED', task: { id: mediaId }, annotation: { result: [{ from_name: 'label', to_name: 'image', type: 'rectanglelabels', value: { rectanglelabels: ['Bolt'] } }] } });
  });
});

describe('click-to-box through an interactive server', () => {
  it("sends a click as the protocol's context and answers the smallest box around it", async () => {
    const appId = await connected(
      (request) =>
        request.path === '/predict'
          ? { json: { results: [{ result: [rectangle('Bolt', 10, 10, 80, 80), rectangle('Nut', 20, 20, 20, 20), rectangle('Nut', 70, 70, 10, 10)] }] } }
          : undefined,
      { interactive: true },
    );
    const mediaId = await upload();
    await t.app.jobs.drain();
    const asked = await t.inject({ method: 'POST', url: `/1/applications/${appId}/model_backend/interactive`, headers: labeller, payload: { media_id: mediaId, point: { x: 150, y: 150 } } });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ box: { x0: 102, y0: 102, x1: 205, y1: 205 }, probability: 0.9 });
    const context = (server.to('/predict').at(-1)!.body as { params: { context: { result: { type: string; value: { x: number; y: number } }[] } } }).params.context;
    expect(context.result[0]).toMatchObject({ type: 'keypointlabels', value: { x: (150 / 512) * 100, y: (150 / 512) * 100 } });
    const byBox = await t.inject({ method: 'POST', url: `/1/applications/${appId}/model_backend/interactive`, headers: labeller, payload: { media_id: mediaId, box: { x0: 350, y0: 350, x1: 420, y1: 420 } } });
    expect(byBox.json().box).toEqual({ x0: 358, y0: 358, x1: 410, y1: 410 });
  });

  it('answers no box for an application whose server is not interactive, without asking it', async () => {
    const appId = await connected();
    const mediaId = await upload();
    await t.app.jobs.drain();
    const before = server.to('/predict').length;
    const asked = await t.inject({ method: 'POST', url: `/1/applications/${appId}/model_backend/interactive`, headers: labeller, payload: { media_id: mediaId, point: { x: 1, y: 1 } } });
    expect(asked.json()).toEqual({ box: null, probability: null });
    expect(server.to('/predict')).toHaveLength(before);
  });
});
