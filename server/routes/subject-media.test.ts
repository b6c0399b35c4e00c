import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeImage } from '../media/test-images';
import { multipartBody } from '../testing/multipart-body';
import { drainProcessing } from '../processing/pipeline';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let labeller: Record<string, string>;
let admin: Record<string, string>;
let stranger: Record<string, string>;
let camera: string;
let blue: string;
let detector: string;
let counter: string;

async function createSubject(name: string): Promise<string> {
  const response = await t.inject({ method: 'POST', url: '/1/subjects', headers: admin, payload: { name } });
  expect(response.statusCode).toBeLessThan(300);
  return response.json().subject_uid;
}

async function createApplication(payload: Record<string, unknown>): Promise<string> {
  const response = await t.inject({ method: 'POST', url: '/1/applications', headers: admin, payload });
  expect(response.statusCode).toBeLessThan(300);
  return response.json().application_id;
}

async function uploadToSubject(subjectUid: string, entries: [string, string | Buffer, string?][]) {
  const body = await multipartBody(entries);
  return t.inject({
    method: 'POST',
    url: `/1/subjects/${subjectUid}/media`,
    headers: { ...labeller, ...body.headers },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  admin = await t.demoAuth('admin@demo.test', tenantId);
  await t.inject({ method: 'POST', url: '/1/users', payload: { email: 'outsider@else.test', password: 'outsider-pass' } });
  stranger = bearer(await t.signIn('outsider@else.test', 'outsider-pass'));
  camera = await createSubject('camera');
  blue = await createSubject('blue thing');
  detector = await createApplication({
    name: 'Blue detector',
    type: 'detection_fullframe',
    input_subjects: [camera],
    output_subjects: [blue],
    custom_fields: { appearance: { [blue]: { color: '#1e78c8' } } },
  });
  // Downstream of the detector, and its output is the detector's input: a cycle that must end.
  counter = await createApplication({
    name: 'Camera again',
    type: 'detection_fullframe',
    input_subjects: [blue],
    output_subjects: [camera],
    custom_fields: { appearance: { [camera]: { color: '#1e78c8' } } },
  });
  await createApplication({ name: 'Idle', type: 'detection_fullframe', input_subjects: [camera], output_subjects: [blue], active: false });
});
afterAll(() => t.close());

describe('POST /1/subjects/{uid}/media', () => {
  it('uploads straight to the subject; the media runs through the active applications and on downstream', async () => {
    const image = await makeImage('png', 120, 90);
    const response = await uploadToSubject(camera, [['file', image, 'blue.png']]);
    expect(response.statusCode).toBe(200);
    const { media_id, subject_uid, capture_id } = response.json();
    expect(subject_uid).toBe(camera);
    expect(capture_id).toMatch(/^det_/);

    await drainProcessing(t.app);
    const detections = (await t.inject({ method: 'GET', url: `/1/media/${media_id}/detections`, headers: labeller })).json()
      .detections as { subject_uid: string; app_id: string | null; user_id: string | null; model_id: string | null; probability: number; timestamp: number }[];
    const capture = detections.find((row) => row.subject_uid === camera);
    expect(capture).toMatchObject({ app_id: null, model_id: null, probability: 1 });
    expect(capture?.user_id).toBeTruthy();
    const model = detections.find((row) => row.app_id === detector);
    expect(model).toMatchObject({ subject_uid: blue, user_id: null });
    expect(model?.model_id).toBeTruthy();
    expect(model!.probability).toBeGreaterThan(0.5);
    // Over the threshold, so the blue detection flowed on to the second application, and no further.
    expect(detections.some((row) => row.app_id === counter && row.probability > 0.5)).toBe(true);
    // One model assertion per application: the inactive one did nothing, and the cycle ended.
    expect(detections.filter((row) => row.model_id !== null)).toHaveLength(2);

    const subjects = (await t.inject({ method: 'GET', url: `/1/media/${media_id}/subjects`, headers: labeller })).json().data;
    const cameraAssociation = subjects.find(
      (item: { subject: { subject_uid: string }; focus: unknown }) => item.subject.subject_uid === camera && item.focus === null,
    );
    expect(cameraAssociation).toMatchObject({ media: { media_id }, subject: { consensus: 'True', probability: 1 }, focus: null });
    const blueAssociation = subjects.find((item: { subject: { subject_uid: string } }) => item.subject.subject_uid === blue);
    expect(blueAssociation.subject.consensus).toBeNull();
  });

  it('associates an existing media item by JSON with a focus, ignoring unknown keys', async () => {
    const body = await multipartBody([['file', await makeImage('jpeg', 200, 100), 'a.jpg']]);
    const media = (await t.inject({ method: 'POST', url: '/1/media', headers: { ...labeller, ...body.headers }, payload: body.payload })).json();
    const focus = { box: { x0: 10, y0: 10, x1: 60, y1: 50 } };
    const response = await t.inject({
      method: 'POST',
      url: `/1/subjects/${camera}/media`,
      headers: labeller,
      payload: { media_id: media.media_id, focus, public_read: true, consensus: true, app_data: null },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ media_id: media.media_id, subject_uid: camera });

    const subjects = (await t.inject({ method: 'GET', url: `/1/media/${media.media_id}/subjects`, headers: labeller })).json().data;
    expect(subjects).toEqual([expect.objectContaining({ focus })]);
  });

  it.each([
    ['no media_id', {}],
    ['a focus with x0 >= x1', { focus: { box: { x0: 50, y0: 0, x1: 10, y1: 10 } } }],
    ['a focus outside the media', { focus: { box: { x0: 0, y0: 0, x1: 5000, y1: 10 } } }],
    ['a focus that is not a box', { focus: 'middle' }],
  ])('refuses %s with 400', async (_name, extra) => {
    const body = await multipartBody([['file', await makeImage('png', 40, 40), 'a.png']]);
    const media = (await t.inject({ method: 'POST', url: '/1/media', headers: { ...labeller, ...body.headers }, payload: body.payload })).json();
    const payload = { media_id: media.media_id, ...extra };
    if (_name === 'no media_id') delete (payload as { media_id?: string }).media_id;
    const response = await t.inject({ method: 'POST', url: `/1/subjects/${camera}/media`, headers: labeller, payload });
    expect(response.statusCode).toBe(400);
  });

  it('is 404 for an unknown subject, an unknown media id, or those of another tenant', async () => {
    const upload = await uploadToSubject(camera, [['file', await makeImage('png', 30, 30), 'a.png']]);
    const mediaId = upload.json().media_id;
    const unknownSubject = await t.inject({ method: 'POST', url: '/1/subjects/sub_nope/media', headers: labeller, payload: { media_id: mediaId } });
    expect(unknownSubject.statusCode).toBe(404);
    const unknownMedia = await t.inject({ method: 'POST', url: `/1/subjects/${camera}/media`, headers: labeller, payload: { media_id: 'med_nope' } });
    expect(unknownMedia.statusCode).toBe(404);
    const foreign = await t.inject({ method: 'POST', url: `/1/subjects/${camera}/media`, headers: stranger, payload: { media_id: mediaId } });
    expect(foreign.statusCode).toBe(404);
    const foreignList = await t.inject({ method: 'GET', url: `/1/subjects/${camera}/media`, headers: stranger });
    expect(foreignList.statusCode).toBe(404);
  });

  it('refuses a non-image upload to a subject with 415', async () => {
    const response = await uploadToSubject(camera, [['file', Buffer.from('%PDF-1.4 not an image'), 'doc.png']]);
    expect(response.statusCode).toBe(415);
  });
});

describe('GET and DELETE /1/subjects/{uid}/media', () => {
  it('pages the subject associations with an absolute next link, followed to the end', async () => {
    const subject = await createSubject('paged');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await uploadToSubject(subject, [['file', await makeImage('png', 20 + i, 20), 'a.png']])).json().media_id);

    const seen: string[] = [];
    let url: string | undefined = `/1/subjects/${subject}/media?limit=2&abridged_media=true`;
    let pages = 0;
    while (url) {
      const response = await t.inject({ method: 'GET', url, headers: labeller });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toHaveProperty('paging');
      seen.push(...body.data.map((item: { media: { media_id: string } }) => item.media.media_id));
      url = body.paging.next;
      if (url) expect(url).toMatch(/^http:\/\/localhost(:\d+)?\/1\/subjects\/.+\/media\?limit=2&cursor=\d+$/);
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
  });

  it.each(['0', '101', 'ten'])('refuses limit=%s with 400', async (limit) => {
    const response = await t.inject({ method: 'GET', url: `/1/subjects/${camera}/media?limit=${limit}`, headers: labeller });
    expect(response.statusCode).toBe(400);
  });

  it('removes an association given in the body or the query (204), then 404 when it is gone', async () => {
    const subject = await createSubject('removable');
    const first = (await uploadToSubject(subject, [['file', await makeImage('png', 33, 20), 'a.png']])).json().media_id;
    const second = (await uploadToSubject(subject, [['file', await makeImage('png', 34, 20), 'b.png']])).json().media_id;

    const byBody = await t.inject({ method: 'DELETE', url: `/1/subjects/${subject}/media`, headers: labeller, payload: { media_id: first } });
    expect(byBody.statusCode).toBe(204);
    const byQuery = await t.inject({ method: 'DELETE', url: `/1/subjects/${subject}/media?media_id=${second}`, headers: labeller });
    expect(byQuery.statusCode).toBe(204);
    const list = await t.inject({ method: 'GET', url: `/1/subjects/${subject}/media`, headers: labeller });
    expect(list.json()).toEqual({ data: [], paging: {} });

    const again = await t.inject({ method: 'DELETE', url: `/1/subjects/${subject}/media?media_id=${second}`, headers: labeller });
    expect(again.statusCode).toBe(404);
    const missing = await t.inject({ method: 'DELETE', url: `/1/subjects/${subject}/media`, headers: labeller });
    expect(missing.statusCode).toBe(400);
  });
});
