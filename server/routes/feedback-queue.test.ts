import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_QUEUE_MEDIA_MAX } from '../../src/api/limits';
import { makeImage } from '../media/test-images';
import { drainProcessing } from '../processing/pipeline';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';

// Which items reach the labellers: those the model is unsure of (the interface's rule, the default), every item
// (`feedback_scope: "all"`), or those a manager queues by hand (`POST …/feedback/queue`).

let t: TestApp;
let admin: Record<string, string>;
let labeller: Record<string, string>;
let camera: string;
let red: string;

const FEEDBACK_CONFIG = { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } };

async function createApplication(payload: Record<string, unknown>) {
  const response = await t.inject({ method: 'POST', url: '/1/applications', headers: admin, payload });
  expect(response.statusCode).toBe(201);
  return response.json<{ application_id: string; feedback_scope: string }>();
}

/** Three plain blue photographs on the camera: a red detector is sure none shows red. */
async function uploadBluePhotos(): Promise<string[]> {
  const ids: string[] = [];
  for (const shade of [28, 30, 32]) {
    const body = await multipartBody([['file', await makeImage('png', 96, 64, shade), `blue-${shade}.png`]]);
    const response = await t.inject({ method: 'POST', url: `/1/subjects/${camera}/media`, headers: { ...admin, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(200);
    ids.push(response.json().media_id);
  }
  await drainProcessing(t.app);
  return ids;
}

const redDetector = (scope?: string) =>
  createApplication({
    name: `Red detector ${scope ?? 'default'}`,
    type: 'detection_fullframe',
    input_subjects: [camera],
    output_subjects: [red],
    custom_fields: { appearance: { [red]: { color: '#c81e1e' } } },
    ...(scope ? { feedback_scope: scope } : {}),
  });

const pending = async (appId: string) =>
  (await t.inject({ method: 'GET', url: `/1/applications/${appId}/feedback/pending`, headers: labeller })).json<{ pending: number }>().pending;

const queue = (appId: string, mediaIds: unknown, headers = admin) =>
  t.inject({ method: 'POST', url: `/1/applications/${appId}/feedback/queue`, headers, payload: { media_ids: mediaIds } });

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: FEEDBACK_CONFIG });
  const tenantId = t.demo!.tenantIds.demoLab;
  admin = await t.demoAuth('admin@demo.test', tenantId);
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  for (const [name, set] of [['camera', (uid: string) => (camera = uid)], ['red thing', (uid: string) => (red = uid)]] as const) {
    const response = await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name } });
    set(response.json().subject_uid);
  }
});
afterAll(() => t.close());

describe('feedback_scope', () => {
  it('"uncertain" (the default) queues none of the items the model is sure of; "all" queues every one once', async () => {
    const uncertain = await redDetector();
    const every = await redDetector('all');
    expect(uncertain.feedback_scope).toBe('uncertain');
    expect(every.feedback_scope).toBe('all');
    await uploadBluePhotos();
    expect(await pending(uncertain.application_id)).toBe(0);
    expect(await pending(every.application_id)).toBe(3);
  });

  it('is set on update, and refused in words when it is neither', async () => {
    const app = await redDetector();
    const update = (feedback_scope: unknown) =>
      t.inject({ method: 'POST', url: `/1/applications/${app.application_id}`, headers: admin, payload: { feedback_scope } });
    expect((await update('all')).json()).toMatchObject({ feedback_scope: 'all' });
    const refused = await update('most');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'feedback_scope', message: 'Use "uncertain" or "all".' }]);
  });
});

describe('POST /1/applications/{id}/feedback/queue', () => {
  it('queues what a manager asks for whatever the model thinks, and says what it left as it was', async () => {
    const app = await redDetector();
    const appId = app.application_id;
    const [first, second, third] = await uploadBluePhotos();
    expect(await pending(appId)).toBe(0);

    expect((await queue(appId, [first])).json()).toEqual({ queued: [first], already_waiting: [], already_answered: [], not_found: [] });
    await drainProcessing(t.app);
    expect(await pending(appId)).toBe(1);

    // The labeller answers it; the manager then asks for all three again, and one that does not exist.
    const [pulled] = (await t.inject({ method: 'GET', url: `/1/applications/${appId}/feedback?limit=1`, headers: labeller })).json();
    expect(pulled.media_id).toBe(first);
    const answer = { media_id: first, subjects: [{ subject_uid: red, result: 'False' }] };
    expect((await t.inject({ method: 'POST', url: `/1/applications/${appId}/feedback`, headers: labeller, payload: answer })).statusCode).toBe(204);
    expect((await queue(appId, [second])).json().queued).toEqual([second]);
    await drainProcessing(t.app);
    const again = await queue(appId, [first, second, third, 'med_nowhere', third]);
    expect(again.json()).toEqual({ queued: [third], already_waiting: [second], already_answered: [first], not_found: ['med_nowhere'] });
    await drainProcessing(t.app);
    expect(await pending(appId)).toBe(2);

    // Asked again, the model's detections were not recorded twice: one model assertion per item.
    const detections = (await t.inject({ method: 'GET', url: `/1/media/${second}/detections`, headers: admin })).json().detections as { app_id: string; user_id: string | null }[];
    expect(detections.filter((d) => d.app_id === appId && d.user_id === null)).toHaveLength(1);
  });

  it('is for the managers of the application, takes at most 1,000 ids, and only for a type that takes feedback', async () => {
    const app = await redDetector();
    const [media] = await uploadBluePhotos();
    expect((await queue(app.application_id, [media], labeller)).statusCode).toBe(403);
    const tooMany = await queue(app.application_id, Array.from({ length: FEEDBACK_QUEUE_MEDIA_MAX + 1 }, (_, i) => `med_${i}`));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBeTruthy();
    expect((await queue(app.application_id, [])).statusCode).toBe(400);
    expect((await queue('app_elsewhere', [media])).statusCode).toBe(404);
    const motion = await createApplication({ name: 'Motion', type: 'motion', input_subjects: [camera], output_subjects: [red] });
    const refused = await queue(motion.application_id, [media]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('A motion application takes no feedback, so nothing can be queued for labelling.');
  });
});
