// Detection posts end to end: an upload, the model's assertion, and the signed post at a receiver on a real socket.
import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { callbackBlacklist, callbackOutbox } from '../db/schema';
import { makeImage } from '../media/test-images';
import { drainProcessing } from '../processing/pipeline';
import { closeReceivers, startReceiver } from '../testing/callback-receiver';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';

const RETRY_SECONDS = 1;
const BLACKLIST_SECONDS = 3;

let t: TestApp;
let admin: Record<string, string>;
let camera: string;
let imageCount = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    config: {
      callbacks: {
        retryWindowSeconds: RETRY_SECONDS,
        blacklistSeconds: BLACKLIST_SECONDS,
        firstRetrySeconds: 0.1,
        pollMilliseconds: 20,
        timeoutMilliseconds: 2000,
        allowedHosts: [],
      },
    },
  });
  // The periodic jobs, callback delivery among them, run once the app is ready, as when the service listens.
  await t.app.ready();
  admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
  camera = await createSubject('camera');
});
afterEach(closeReceivers);
afterAll(() => t.close());

async function createSubject(name: string): Promise<string> {
  return (await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name } })).json().subject_uid;
}

/** An application on the camera subject posting to `url`; its output subject maps to no model, which asserts 0.5. */
async function createApplication(type: string, url: string, threshold: number) {
  const output = await createSubject(`${type} output`);
  const response = await t.inject({
    method: 'POST',
    url: '/1/applications',
    headers: admin,
    payload: { name: type, type, input_subjects: [camera], output_subjects: [output], detection_post_urls: [url], detection_thresholds: { [output]: threshold } },
  });
  expect(response.statusCode).toBe(201);
  return { appId: response.json().application_id as string, output };
}

/** Uploads a new image to the camera subject and waits until every application has processed it. */
async function upload(): Promise<string> {
  imageCount += 1;
  const body = await multipartBody([['file', await makeImage('png', 64, 48, imageCount), `frame-${imageCount}.png`]]);
  const response = await t.inject({ method: 'POST', url: `/1/subjects/${camera}/media`, headers: { ...admin, ...body.headers }, payload: body.payload });
  expect(response.statusCode).toBe(200);
  await drainProcessing(t.app);
  return response.json().media_id;
}

const postsOf = (appId: string) => t.db.select().from(callbackOutbox).where(eq(callbackOutbox.appId, appId));

async function deactivate(appId: string) {
  await t.inject({ method: 'POST', url: `/1/applications/${appId}`, headers: admin, payload: { active: false } });
}

describe('detection posts from an upload', () => {
  it('posts the model assertion over a 0.0 threshold to the receiver, signed with the secret app managers read', async () => {
    const receiver = await startReceiver(0);
    const { appId, output } = await createApplication('detection_fullframe', receiver.url, 0);
    const mediaId = await upload();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);

    const post = receiver.received[0]!;
    expect(JSON.parse(post.body)).toEqual({
      media: { media_id: mediaId, parent_media_ids: [] },
      subjects: [{ subject_uid: output, probability: 0.5, updated_at: expect.any(Number) }],
    });
    expect(post.headers['content-type']).toBe('application/json');
    const secret = (await t.inject({ method: 'GET', url: `/1/applications/${appId}/callback-secret`, headers: admin })).json().secret;
    expect(post.headers['x-signature-256']).toBe(`sha256=${createHmac('sha256', secret).update(post.body).digest('hex')}`);
    await deactivate(appId);
  });

  it("queues every type's assertion over its threshold, and none at it", async () => {
    const receiver = await startReceiver(0);
    const types = ['detection_fullframe', 'box_detection', 'static_count', 'point', 'offset_x', 'offset_y'];
    const over = await Promise.all(types.map((type) => createApplication(type, receiver.url, 0)));
    const at = await createApplication('detection_fullframe', receiver.url, 0.5);
    await upload();

    for (const { appId } of over) expect(await postsOf(appId)).toHaveLength(1);
    expect(await postsOf(at.appId)).toEqual([]);
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(types.length);
    await Promise.all([...over, at].map(({ appId }) => deactivate(appId)));
  });
});

describe('retries and the blacklist (CALLBACK_RETRY_SECONDS, CALLBACK_BLACKLIST_SECONDS)', () => {
  it('retries a failing URL until the retry window ends, then drops its posts until the blacklist ends', async () => {
    let failing = true;
    const receiver = await startReceiver(() => (failing ? 500 : 204));
    const { appId } = await createApplication('detection_fullframe', receiver.url, 0);

    await upload();
    const [first] = await postsOf(appId);
    await expect.poll(async () => (await postsOf(appId))[0]!.status, { timeout: 10_000 }).toBe('failed');
    const tries = receiver.received.map((post) => post.at);
    const span = tries.at(-1)! - tries[0]!;
    console.log(`${tries.length} tries over ${span.toFixed(0)} ms, retry window ${RETRY_SECONDS * 1000} ms`);
    expect(tries.length).toBeGreaterThan(2);
    expect(span).toBeGreaterThanOrEqual(RETRY_SECONDS * 1000 - 50);
    expect(span).toBeLessThan(RETRY_SECONDS * 1000 + 1000);
    expect(new Set(receiver.received.map((post) => post.body))).toEqual(new Set([first!.body]));

    // Blacklisted: the next post is dropped without reaching the receiver, even though it would now accept it.
    failing = false;
    const [listed] = await t.db.select().from(callbackBlacklist).where(eq(callbackBlacklist.url, receiver.url));
    await upload();
    await expect.poll(async () => (await postsOf(appId)).map((row) => row.status).sort(), { timeout: 10_000 }).toEqual(['failed', 'failed']);
    expect((await postsOf(appId)).find((row) => row.id !== first!.id)!.lastError).toMatch(/blacklisted/);
    expect(receiver.received).toHaveLength(tries.length);

    // Once the blacklist ends, posts go through again.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, listed!.until * 1000 - Date.now()) + 50));
    await upload();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(tries.length + 1);
    await deactivate(appId);
  });
});
