import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXEMPLARS } from '../../src/api/limits';
import { makeImage } from '../media/test-images';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let admin: Record<string, string>;
let image: Buffer;
let mediaId: string;
let widget: string;
let other: string;
let boxApp: string;
let classApp: string;

const GOOD = { x0: 10, y0: 10, x1: 40, y1: 40 };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
  image = await makeImage('png', 640, 480);
  const form = await multipartBody([['file', image, 'wide.png']]);
  mediaId = (await t.inject({ method: 'POST', url: '/1/media', headers: { ...admin, ...form.headers }, payload: form.payload })).json().media_id;
  const subject = async (name: string) => (await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name } })).json().subject_uid as string;
  [widget, other] = [await subject('widget'), await subject('gadget')];
  const app = async (type: string) =>
    (await t.inject({ method: 'POST', url: '/1/applications', headers: admin, payload: { name: `Widgets ${type}`, type, output_subjects: [widget] } })).json().application_id as string;
  [boxApp, classApp] = [await app('box_detection'), await app('detection_fullframe')];
});
afterAll(() => t.close());

const predict = (appId: string, payload: Record<string, unknown>) => t.inject({ method: 'POST', url: `/1/applications/${appId}/predict`, headers: admin, payload });

async function refusal(appId: string, payload: Record<string, unknown>) {
  const response = await predict(appId, { media_id: mediaId, ...payload });
  return { status: response.statusCode, body: response.json<{ message: string; errors?: { field: string; message: string }[] }>() };
}

describe('predict refuses bad exemplars with 400 and words', () => {
  it.each([
    ['beyond the image', { subject_uid: 'S', exemplars: [GOOD, { x0: 600, y0: 400, x1: 700, y1: 470 }] }, 'body.exemplars.1', /inside the image \(640 × 480 pixels\)/],
    ['degenerate (x1 before x0)', { subject_uid: 'S', exemplars: [{ x0: 40, y0: 10, x1: 10, y1: 40 }] }, 'body.exemplars.0', /x0 < x1/],
    ['too thin to show a shape', { subject_uid: 'S', exemplars: [{ x0: 10, y0: 10, x1: 12, y1: 40 }] }, 'body.exemplars.0', new RegExp(`${EXEMPLARS.minSide} pixels`)],
    ['negative', { subject_uid: 'S', exemplars: [{ x0: -5, y0: 10, x1: 12, y1: 40 }] }, 'body.exemplars.0.x0', /./],
    ['too many', { subject_uid: 'S', exemplars: Array.from({ length: EXEMPLARS.max + 1 }, () => GOOD) }, 'body.exemplars', new RegExp(`at most ${EXEMPLARS.max}`)],
    ['none', { subject_uid: 'S', exemplars: [] }, 'body.exemplars', /at least one/],
    ['not boxes', { subject_uid: 'S', exemplars: 'all of them' }, 'body.exemplars', /./],
    ['without their subject', { exemplars: [GOOD] }, 'subject_uid', /subject/],
    ['a subject without exemplars', { subject_uid: 'S' }, 'exemplars', /exemplar/],
  ])('%s', async (_name, payload, field, message) => {
    const body = JSON.parse(JSON.stringify(payload).replaceAll('"S"', JSON.stringify(widget))) as Record<string, unknown>;
    const { status, body: answer } = await refusal(boxApp, body);
    expect(status).toBe(400);
    expect(answer.message).toBeTruthy();
    const error = answer.errors?.find((candidate) => candidate.field === field || candidate.field.startsWith(`${field}.`));
    expect(error?.message ?? answer.message).toMatch(message);
  });

  it('a subject that is not an output of the application, and a type whose answers are not objects', async () => {
    const notOutput = await refusal(boxApp, { subject_uid: other, exemplars: [GOOD] });
    expect(notOutput).toMatchObject({ status: 400, body: { message: 'The subject_uid is not an output subject of this application.' } });
    const notObjects = await refusal(classApp, { subject_uid: widget, exemplars: [GOOD] });
    expect(notObjects.status).toBe(400);
    expect(notObjects.body.message).toMatch(/box_detection, static_count and point applications take them, detection_fullframe does not/);
  });

  it('exemplars must lie inside the focus when there is one; bad JSON in a form is refused', async () => {
    const outsideFocus = await refusal(boxApp, { subject_uid: widget, exemplars: [GOOD], focus: { box: { x0: 100, y0: 100, x1: 300, y1: 300 } } });
    expect(outsideFocus).toMatchObject({ status: 400, body: { message: 'Every exemplar must lie inside the focus.' } });
    const form = await multipartBody([['file', image, 'wide.png'], ['subject_uid', widget], ['exemplars', '[{"x0": 1,']]);
    const response = await t.inject({ method: 'POST', url: `/1/applications/${boxApp}/predict`, headers: { ...admin, ...form.headers }, payload: form.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toMatch(/Give the exemplars as JSON/);
  });
});
