import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../media/test-images';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let admin: Record<string, string>;
let image: Buffer;
let mediaId: string;
let subjectUid: string;
let appId: string;

const HUGE_FOCUS = { box: { x0: 0, y0: 0, x1: 99_999, y1: 99_999 } };
const REFUSAL = {
  message: 'The focus box must lie inside the media.',
  errors: [{ field: 'focus.box', message: 'The focus must lie inside the media (640 × 480 pixels).' }],
};

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  admin = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
  image = await makeImage('png', 640, 480);
  const form = await multipartBody([['file', image, 'wide.png']]);
  mediaId = (await t.inject({ method: 'POST', url: '/1/media', headers: { ...admin, ...form.headers }, payload: form.payload })).json().media_id;
  subjectUid = (await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name: 'widget' } })).json().subject_uid;
  const created = await t.inject({ method: 'POST', url: '/1/applications', headers: admin, payload: { name: 'Widgets', type: 'detection_fullframe', output_subjects: [subjectUid] } });
  appId = created.json().application_id;
});
afterAll(() => t.close());

const predictStored = (focus: unknown) =>
  t.inject({ method: 'POST', url: `/1/applications/${appId}/predict`, headers: admin, payload: { media_id: mediaId, focus } });

async function predictUploaded(focus: unknown) {
  const form = await multipartBody([['file', image, 'wide.png'], ['focus', JSON.stringify(focus)]]);
  return t.inject({ method: 'POST', url: `/1/applications/${appId}/predict`, headers: { ...admin, ...form.headers }, payload: form.payload });
}

describe('predict refuses a focus beyond the image, as an association does', () => {
  it.each([
    ['a stored media item', predictStored],
    ['an uploaded file', predictUploaded],
  ])('on %s: 400 with the association\'s answer; a focus reaching the edges is taken', async (_name, predict) => {
    const association = await t.inject({ method: 'POST', url: `/1/subjects/${subjectUid}/media`, headers: admin, payload: { media_id: mediaId, focus: HUGE_FOCUS } });
    const refused = await predict(HUGE_FOCUS);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: association.statusCode, body: association.json() });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 400, body: REFUSAL });

    const edges = { box: { x0: 0, y0: 0, x1: 640, y1: 480 } };
    const taken = await predict(edges);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().focus).toEqual(edges);
  });
});
