// A model server that fails: webhooks wait in the database and arrive in order once it answers again, even after the
// service restarted; predictions that keep failing open the circuit, and the server is left alone.
import { afterEach, describe, expect, it } from 'vitest';
import type { ModelServer } from '../../src/api/schemas/model-server';
import { makeImage } from '../media/test-images';
import { multipartBody } from '../testing/multipart-body';
import { startProtocolServer, type ProtocolServer } from '../testing/protocol-server';
import { createTestApp, type TestApp } from '../testing/test-app';

const opened: (TestApp | ProtocolServer)[] = [];
afterEach(async () => {
  for (const one of opened.splice(0).reverse()) await one.close();
});

async function setUp(t: TestApp, serverUrl: string) {
  const admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
  const subject = async (name: string) => (await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name } })).json<{ subject_uid: string }>().subject_uid;
  const [input, bolt] = [await subject('Camera'), await subject('Bolt')];
  const created = await t.inject({ method: 'POST', url: '/1/applications', headers: admin, payload: { name: 'Bolts', type: 'box_detection', input_subjects: [input], output_subjects: [bolt] } });
  const appId = created.json<{ application_id: string }>().application_id;
  expect((await t.inject({ method: 'PUT', url: `/1/applications/${appId}/model_backend`, headers: admin, payload: { url: serverUrl } })).statusCode).toBe(200);
  let uploads = 0;
  const upload = async () => {
    uploads += 1;
    const body = await multipartBody([['file', await makeImage('png', 64, 48, 20 + uploads), `m${uploads}.png`]]);
    const response = await t.inject({ method: 'POST', url: `/1/subjects/${input}/media`, headers: { ...admin, ...body.headers }, payload: body.payload });
    return response.json<{ media_id: string }>().media_id;
  };
  const answer = async (mediaId: string, x1: number) => {
    const payload = { media_id: mediaId, subjects: [{ subject_uid: bolt, result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 1, y0: 1, x1, y1: 20 } }] }] };
    expect((await t.inject({ method: 'POST', url: `/1/applications/${appId}/feedback`, headers: admin, payload })).statusCode).toBe(204);
  };
  const status = async () => (await t.inject({ method: 'GET', url: `/1/applications/${appId}/model_backend`, headers: admin })).json<ModelServer>();
  return { appId, upload, answer, status };
}

async function until(done: () => boolean) {
  const deadline = Date.now() + 60_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('webhooks', () => {
  it('arrive in order, at least once, after the server failed and the service restarted', async () => {
    let accepting = false;
    const server = await startProtocolServer((request) => (request.path === '/webhook' && !accepting ? { status: 503, json: {} } : undefined));
    const first = await createTestApp({ seed: true });
    opened.push(server, first);
    const { upload, answer } = await setUp(first, server.url);
    const [one, two] = [await upload(), await upload()];
    await answer(one, 30);
    await answer(one, 40);
    await answer(two, 50);
    await first.app.jobs.drain();
    expect(server.to('/webhook').length).toBeGreaterThanOrEqual(1);
    expect(server.to('/webhook').every((request) => (request.body as { task: { id: string } }).task.id === one)).toBe(true);

    // the first instance stops; another starts on the same database, and the server answers again
    await first.app.jobs.stop();
    accepting = true;
    const failed = server.to('/webhook').length;
    const second = await createTestApp({ sharing: first });
    opened.push(second);
    await second.app.ready();
    await until(() => server.to('/webhook').length >= failed + 3);
    const delivered = server.to('/webhook').slice(failed).map((request) => {
      const body = request.body as { action: string; task: { id: string }; annotation: { result: { value: { width: number } }[] } };
      return [body.action, body.task.id, Math.round(body.annotation.result[0]!.value.width)];
    });
    expect(delivered).toEqual([
      ['ANNOTATION_CREATED', one, 45],
      ['ANNOTATION_UPDATED', one, 61],
      ['ANNOTATION_CREATED', two, 77],
    ]);
  });
});

describe('a server that keeps failing', () => {
  it('opens the circuit after five failures in a row, and is not asked while it is open', async () => {
    const server = await startProtocolServer((request) => (request.path === '/predict' ? { status: 500, json: { error: 'CUDA out of memory' } } : undefined));
    const t = await createTestApp({ seed: true });
    opened.push(server, t);
    const { upload, status } = await setUp(t, server.url);
    for (let i = 0; i < 5; i += 1) {
      await upload();
      await t.app.jobs.drain();
    }
    expect(await status()).toMatchObject({ state: 'circuit_open', last_error: expect.stringMatching(/answered HTTP 500/) });
    await upload();
    await t.app.jobs.drain();
    expect(server.to('/predict')).toHaveLength(5);
    expect((await status()).state).toBe('circuit_open');
  });
});
