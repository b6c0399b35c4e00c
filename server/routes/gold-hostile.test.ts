import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { models } from '../db/schema';
import type { ApplicationRow } from '../domain/applications';
import { recordAssertions, touchDetectionRecord } from '../domain/assertions';
import { considerForFeedback } from '../feedback/scheduler';
import { insertApplication, insertMedia, insertSubject } from '../feedback/test-fixtures';
import { addMember } from '../identity/tenants';
import { createUser } from '../identity/users';
import { routeTable } from '../testing/route-table';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';

// A labeller plays against every GET the service has, to tell a gold item they were served from a regular request, or
// to read its truth. The gold item's truth is another labeller's answer (marked gold as the item's decided answer).

let t: TestApp;
let tenantId: string;
let labeller: Record<string, string>;
let manager: Record<string, string>;
let other: { userId: string; headers: Record<string, string> };
let app: ApplicationRow;
let red: string;
let blue: string;
let regular: string;
let gold: string;
let releaseId: string;

const url = (path: string) => `/1/applications/${app.applicationId}/${path}`;
const get = (path: string, headers: Record<string, string>) => t.inject({ method: 'GET', url: path, headers });

/** A media item with the model's proposals on it (and its detection record, as the pipeline makes), waiting in the queue. */
async function queuedItem(): Promise<string> {
  const { mediaId } = await insertMedia(t.db, tenantId, { width: 100, height: 80 });
  await recordAssertions(t.db, { tenantId, mediaId, appId: app.applicationId, modelId: 'mdl_test', assertions: [{ subjectUid: red, probability: 0.5 }, { subjectUid: blue, probability: 0.5 }] });
  await touchDetectionRecord(t.db, app.applicationId, mediaId, null, Date.now() / 1000);
  const proposal = (uid: string) => ({ subject_uid: uid, probability: 0.5, uncal_prob: 0.5, app_data_type: null, app_data: null });
  await considerForFeedback(t.db, app, mediaId, null, [proposal(red), proposal(blue)], 'mdl_test');
  return mediaId;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { feedback: { scheduleIntervalSeconds: 0, releaseEveryAnswers: 0, leaseSeconds: 1200 } } });
  tenantId = t.demo!.tenantIds.demoLab;
  labeller = await t.demoAuth('labeller@demo.test', tenantId);
  manager = await t.demoAuth('manager@demo.test', tenantId);
  const otherUser = await createUser(t.db, { email: 'other.labeller@demo.test', password: 'other-password', personalTenant: false });
  await addMember(t.db, tenantId, otherUser.id, 'tenant_user');
  other = { userId: otherUser.id, headers: bearer(await t.signIn('other.labeller@demo.test', 'other-password', tenantId)) };
  red = await insertSubject(t.db, tenantId, 'red thing');
  blue = await insertSubject(t.db, tenantId, 'blue thing');
  // Half of each pull gold: a pull of 2 is one regular request and one gold item.
  app = await insertApplication(t.db, tenantId, 'classification', [red, blue], { appManagers: ['manager@demo.test'], goldRate: 0.5 });
  regular = await queuedItem();
  gold = await queuedItem();
  // Another labeller answers the item, and the manager makes their (decided) answer its truth.
  const answered = await t.inject({ method: 'POST', url: url('feedback'), headers: other.headers, payload: { media_id: gold, subjects: [{ subject_uid: blue, result: 'True' }] } });
  expect(answered.statusCode).toBe(204);
  expect((await t.inject({ method: 'POST', url: url('gold'), headers: manager, payload: { media_id: gold } })).statusCode).toBe(200);
  releaseId = `${app.applicationId}.v1`;
  await t.db.insert(models).values({ modelId: releaseId, applicationId: app.applicationId, version: 1, parameters: {}, createdAt: Date.now() / 1000 });
});
afterAll(() => t.close());

const TIME_KEYS = /(^|_)(at|time|timestamp)$/;

/**
 * A response as it concerns one item: its id, and where it appears in signed links, read as ITEM; times and ids of rows
 * blanked (the two items were made a moment apart). Left out so: a detection record's `updated_at` and place in the
 * detections order follow the latest assertion by anyone, so they move when someone answers (docs/api.md, "What a
 * labeller reads").
 */
function blind(value: unknown, mediaId: string): unknown {
  if (typeof value === 'string') return value.includes(mediaId) ? value.replace(/[?&]sig=[^&]*/, '').replaceAll(mediaId, 'ITEM') : value.replace(/^det_\w+$/, 'DET');
  if (Array.isArray(value)) return value.map((entry) => blind(entry, mediaId));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, TIME_KEYS.test(key) && typeof entry === 'number' ? 'TIME' : blind(entry, mediaId)]));
  }
  return value;
}

/** The entries of a response that name the item (the elements of its list, or the whole answer), each blinded. */
function entriesNaming(body: unknown, mediaId: string): string[] {
  const record = body as Record<string, unknown>;
  const list = Array.isArray(body) ? body : Array.isArray(record?.data) ? record.data : Array.isArray(record?.detections) ? record.detections : [body];
  return (list as unknown[]).filter((entry) => JSON.stringify(entry).includes(mediaId)).map((entry) => JSON.stringify(blind(entry, mediaId))).sort();
}

/** Routes a labeller gets 403 from: the truth, the queue ahead and everyone's answers are the managers'. */
const MANAGERS_ONLY = new Set([
  '/1/applications/:applicationId/gold',
  '/1/applications/:applicationId/gold/count',
  '/21/applications/:applicationId/feedbackRequests/pending',
  '/1/applications/:applicationId/reviews',
  '/1/applications/:applicationId/labellers',
  '/1/applications/:applicationId/labellers/timeline',
  '/1/applications/:applicationId/labellers/:userId/answers',
  '/1/applications/:applicationId/callback-secret',
  '/1/labellers',
  '/1/labellers/timeline',
  '/1/tenants/:tenantId/invites',
  '/1/tenants/:tenantId/storage',
]);

/** Routes that name no media item of an application, or that need an id this test has none of, and why. */
const NOT_ABOUT_ITEMS: Record<string, string> = {
  '/media-files/:key': 'the bytes behind a signed link, the same for any item',
  '/1/media/:mediaId/objects': "the detector's objects in the image's pixels",
  '/1/applications/:applicationId/exports/:exportId': 'an export the labeller cannot make (managers only)',
  '/1/applications/:applicationId/exports/:exportId/file': 'an export the labeller cannot make (managers only)',
  '/1/applications/:applicationId/imports/:importId': 'an import the labeller cannot make (managers only)',
  '/1/gateways/:gatewayId': 'a gateway',
  '/1/users/:userId/apiKeys/:keyId': "the caller's own API key",
  '/1/applications/all/types/:type': 'a type',
  '/*': "the app's files",
  '/': "the app's files",
};

/** The route's address as a labeller would call it about the media item (when it takes one) or the subject. */
const addressOf = (route: string, mediaId: string, subjectUid: string) =>
  route
    .replace(':applicationId', app.applicationId)
    .replace(':mediaId', mediaId)
    .replace(':subjectUid', subjectUid)
    .replace(':releaseId', releaseId)
    .replace(':tenantId', 'current')
    .replace(':userId', 'current');

/** Pairs of addresses to compare: the item route's for each item, or the same address (for either subject) for both. */
function pairsOf(route: string): [string, string][] {
  if (route.includes(':mediaId')) return [[addressOf(route, regular, red), addressOf(route, gold, red)]];
  return [...new Set([addressOf(route, '', red), addressOf(route, '', blue)])].map((address) => [address, address]);
}

describe('a gold item, to a labeller, through every GET', () => {
  it('is not told apart by the queue ahead: only managers read it', async () => {
    const ahead = await get(`/21/applications/${app.applicationId}/feedbackRequests/pending`, labeller);
    expect(ahead.statusCode).toBe(403);
    const managersView = await get(`/21/applications/${app.applicationId}/feedbackRequests/pending`, manager);
    expect(managersView.json<{ data: { media_id: string }[] }>().data.map((item) => item.media_id)).toEqual([regular]);
  });

  it('is served as a request is, and every GET shows it as it shows the regular item, with nobody’s answer on it', async () => {
    const pulled = await get(url('feedback?limit=2'), labeller);
    const items = pulled.json<{ media_id: string }[]>();
    expect(items.map((item) => item.media_id).sort()).toEqual([regular, gold].sort());
    expect(entriesNaming(items, gold)).toEqual(entriesNaming(items, regular));

    const routes = routeTable(t.app).filter((route) => route.method === 'GET');
    const body = (response: { headers: Record<string, unknown>; body: string; json(): unknown }) =>
      String(response.headers['content-type']).includes('json') ? response.json() : response.body;
    let checked = 0;
    for (const { url: route } of routes) {
      if (route in NOT_ABOUT_ITEMS || route.startsWith('/documentation')) continue;
      for (const [forRegular, forGold] of pairsOf(route)) {
        const first = await get(forRegular, labeller);
        const second = forGold === forRegular ? first : await get(forGold, labeller);
        checked += 1;
        if (MANAGERS_ONLY.has(route)) {
          expect([route, first.statusCode]).toEqual([route, 403]);
          continue;
        }
        expect([route, second.statusCode]).toEqual([route, first.statusCode]);
        const aboutGold = entriesNaming(body(second), gold);
        expect([route, aboutGold]).toEqual([route, entriesNaming(body(first), regular)]);
        // Nobody else's answer on either item reaches the labeller.
        expect([route, aboutGold.some((entry) => entry.includes(other.userId))]).toEqual([route, false]);
      }
    }
    // Among them the ways in that showed the truth before: the answers, the item's assertions, the decisions.
    for (const path of ['/21/applications/:applicationId/feedbackRequests', '/1/media/:mediaId/detections', '/1/applications/:applicationId/consensusHistory', '/1/subjects/:subjectUid/media']) {
      expect(routes.map((route) => route.url)).toContain(path);
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('keeps its truth with the managers, who still read every answer and decision', async () => {
    const detections = await get(`/1/media/${gold}/detections`, manager);
    expect(detections.json<{ detections: { user_id: string | null }[] }>().detections.map((d) => d.user_id)).toContain(other.userId);
    const history = await get(url('consensusHistory'), manager);
    expect(history.json<{ data: { media_id: string }[] }>().data.map((entry) => entry.media_id)).toEqual([gold]);
    const answers = await get(`/21/applications/${app.applicationId}/feedbackRequests`, manager);
    expect(answers.json<{ data: { media_id: string; user_id: string }[] }>().data).toEqual([expect.objectContaining({ media_id: gold, user_id: other.userId })]);
    const truth = await get(url('gold'), manager);
    expect(truth.json<{ data: { media_id: string; subjects: unknown }[] }>().data).toEqual([
      expect.objectContaining({ media_id: gold, subjects: [{ subject_uid: blue, result: 'True' }] }),
    ]);
  });

  it('lets the labeller read their own answers, as before', async () => {
    expect((await t.inject({ method: 'POST', url: url('feedback'), headers: labeller, payload: { media_id: regular, subjects: [{ subject_uid: red, result: 'True' }] } })).statusCode).toBe(204);
    const answers = await get(`/21/applications/${app.applicationId}/feedbackRequests`, labeller);
    expect(answers.json<{ data: { media_id: string }[] }>().data.map((answer) => answer.media_id)).toEqual([regular]);
    const mine = await get(`/1/media/${regular}/detections`, labeller);
    expect(mine.json<{ detections: { user_id: string | null }[] }>().detections.map((d) => d.user_id)).toContain(t.demo!.userIds.labeller);
  });
});
