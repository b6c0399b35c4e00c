// A simulated team on the demo's photographs: a trial application of its own counts people as "People count" does.
// Three labellers answer as the photographs' ground truth says, one answers at random three times in ten; each takes
// a realistic time per answer and pauses now and then. The manager first makes gold items of the photographs nobody
// is asked about, and resolves the disagreements the careless labeller causes by the truth. Everything goes through
// the service's HTTP API.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createApiClient, type ApiClient, type BasicCredentials } from '../../src/api/client';
import { createApplication, listApplications } from '../../src/api/endpoints/applications';
import { listReviews, resolveReview } from '../../src/api/endpoints/consensus';
import { MAX_FEEDBACK_PULL, postFeedback, pullFeedback, returnFeedback } from '../../src/api/endpoints/feedback';
import { markGold } from '../../src/api/endpoints/gold';
import { answerInvite, createUser, getToken, listUserTenants, sendInvite } from '../../src/api/endpoints/identity';
import { getLabellers } from '../../src/api/endpoints/labellers';
import { listApplicationDetections } from '../../src/api/endpoints/detections';
import { getMedia } from '../../src/api/endpoints/media';
import { associateMedia } from '../../src/api/endpoints/uploads';
import { createSubject, listSubjectMedia } from '../../src/api/endpoints/subjects';
import { ApiError } from '../../src/api/errors';
import type { Labeller } from '../../src/api/schemas/labellers';

const PHOTOS = path.join(import.meta.dirname, '../../server/demo/photos');
const DEMO_TENANT = 'Demo Lab';
/** The demo application whose photographs and settings the trial's own application takes. */
const SOURCE_APP = 'People count';
const PASSWORD = 'looplabel-demo';

/** Who answers, how (the share of answers given at random) and how fast (median seconds per answer). */
export const TEAM = [
  { email: 'ada@team.test', careless: 0, medianSeconds: 7 },
  { email: 'ben@team.test', careless: 0, medianSeconds: 9 },
  { email: 'chen@team.test', careless: 0, medianSeconds: 6 },
  { email: 'dee@team.test', careless: 0.3, medianSeconds: 4 },
] as const;

/**
 * The manager's settings for the trial: three labellers per item, gold in half of each batch, and a labeller flagged
 * under 95 %: on about a dozen gold items (or decided items) one wrong answer in twelve shows.
 */
const TRIAL_SETTINGS = { labellers_per_item: 3, gold_rate: 0.5, quality_flag_below: 0.95 };

/** Mulberry32: a small seeded generator, so that a run can be repeated exactly. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Whether the labeller's `n`th answer (from 0) is given at random: exactly `share` of their answers, spread evenly
 * (3 in every 10 for 0.3), so that a run's careless answers do not depend on luck.
 */
const atRandom = (share: number, n: number) => Math.floor((n + 1) * share) > Math.floor(n * share);

/** A count from 0 to 8 other than the truth: an answer given without looking. */
function wrongCount(random: () => number, truth: number): number {
  const drawn = Math.floor(random() * 8);
  return drawn >= truth ? drawn + 1 : drawn;
}

/** How long one answer takes: log-normal around the labeller's median (a few slow ones, never instant). */
const answerSeconds = (random: () => number, median: number) => {
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.max(1, median * Math.exp(0.45 * normal));
};

/** The people a photograph shows, by its ground truth (server/demo/photos/<name>.json). */
async function peopleIn(filename: string): Promise<number> {
  const truth = JSON.parse(await readFile(path.join(PHOTOS, filename.replace(/\.jpg$/, '.json')), 'utf8')) as { objects: { class: string }[] };
  return truth.objects.filter((object) => object.class === 'person').length;
}

const countAnswer = (subjectUid: string, count: number) => [{ subject_uid: subjectUid, result: 'True' as const, app_data_type: 'count' as const, app_data: count }];

async function signIn(baseUrl: string, credentials: BasicCredentials): Promise<ApiClient> {
  const anonymous = createApiClient({ baseUrl });
  const { tenants } = await listUserTenants(anonymous, credentials);
  const tenant = tenants.find((candidate) => candidate.name === DEMO_TENANT);
  if (!tenant) throw new Error(`${credentials.email} is not a member of ${DEMO_TENANT}.`);
  const { access_token } = await getToken(anonymous, credentials, tenant.tenant_id);
  return createApiClient({ baseUrl, getToken: () => access_token });
}

/** The team's accounts, made and invited into the demo tenant when they are new. */
async function joinTeam(baseUrl: string, admin: ApiClient, tenantId: string): Promise<ApiClient[]> {
  return Promise.all(
    TEAM.map(async ({ email }) => {
      const credentials = { email, password: PASSWORD };
      const anonymous = createApiClient({ baseUrl });
      try {
        await createUser(anonymous, { email, password: PASSWORD });
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
      }
      const { tenants } = await listUserTenants(anonymous, credentials);
      if (!tenants.some((tenant) => tenant.tenant_id === tenantId)) {
        const invite = await sendInvite(admin, email, tenantId);
        const personal = createApiClient({ baseUrl, getToken: () => null });
        const { access_token } = await getToken(personal, credentials, tenants[0]?.tenant_id);
        await answerInvite(createApiClient({ baseUrl, getToken: () => access_token }), { tenant_id: tenantId, invitation_status: 'accepted', invite_code: invite.invite_code });
      }
      return signIn(baseUrl, credentials);
    }),
  );
}

export interface TeamRun {
  appId: string;
  /** The analytics the service gives afterwards, by email. */
  labellers: Map<string, Labeller>;
  answers: number;
  goldItems: number;
  resolvedReviews: number;
}

/** Polls until `done` answers true, at most `seconds`. */
async function waitUntil(done: () => Promise<boolean>, what: string, seconds = 120): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The trial's own application, as People count sees its photographs but asking three labellers per item and mixing
 * gold into half of each batch, fed every photograph of People count's camera; resolves once each is processed.
 */
async function trialApplication(admin: ApiClient) {
  const source = (await listApplications(admin)).data.find((candidate) => candidate.name === SOURCE_APP);
  if (!source) throw new Error(`The demo has no application ${SOURCE_APP}.`);
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const camera = await createSubject(admin, { name: `Team trial camera ${stamp}` });
  const app = await createApplication(admin, {
    name: `Team trial: people count (${stamp})`,
    type: source.type,
    input_subjects: [camera.subject_uid],
    output_subjects: source.output_subjects,
    custom_fields: source.custom_fields,
    detection_thresholds: source.detection_thresholds,
    ...TRIAL_SETTINGS,
  });
  const photos = new Set((await Promise.all(source.input_subjects.map(async (uid) => (await listSubjectMedia(admin, uid, 100)).data))).flat().map(({ media }) => media.media_id));
  for (const mediaId of photos) await associateMedia(admin, camera.subject_uid, mediaId);
  await waitUntil(async () => (await listApplicationDetections(admin, app.application_id, { limit: 100 })).data.length >= photos.size, 'the photographs to be processed');
  return { app, photos };
}

/** Runs the trial against the service at `baseUrl` (the demo's), as its administrator; `seed` fixes every choice. */
export async function simulateTeam(baseUrl: string, { seed = 7, adminEmail = 'admin@demo.test' } = {}): Promise<TeamRun> {
  const random = seededRandom(seed);
  const admin = await signIn(baseUrl, { email: adminEmail, password: PASSWORD });
  const { app, photos } = await trialApplication(admin);
  const subjectUid = app.output_subjects[0]!;

  // the photographs the queue asks about (looked at and handed back), and the others: those become gold items
  const queued = new Set<string>();
  for (let batch = await pullFeedback(admin, app.application_id, MAX_FEEDBACK_PULL); batch.length > 0; batch = await pullFeedback(admin, app.application_id, MAX_FEEDBACK_PULL)) {
    for (const request of batch) queued.add(request.media_id);
  }
  if (queued.size > 0) await returnFeedback(admin, app.application_id, [...queued], { skip: false });
  let goldItems = 0;
  for (const mediaId of [...photos].filter((candidate) => !queued.has(candidate))) {
    const { filename } = await getMedia(admin, mediaId);
    if (!filename) continue;
    await markGold(admin, app.application_id, { media_id: mediaId, subjects: countAnswer(subjectUid, await peopleIn(filename)) });
    goldItems += 1;
  }

  const team = await joinTeam(baseUrl, admin, app.tenant_id);
  const clocks = TEAM.map(() => Date.now() / 1000 - 3 * 3600);
  const given = TEAM.map(() => 0);
  const active = new Set(team.keys());
  let answers = 0;
  while (active.size > 0) {
    for (const index of [...active]) {
      const batch = await pullFeedback(team[index]!, app.application_id, 5);
      if (batch.length === 0) active.delete(index);
      for (const request of batch) {
        const member = TEAM[index]!;
        const truth = await peopleIn(request.media.filename ?? '');
        const count = atRandom(member.careless, given[index]!++) ? wrongCount(random, truth) : truth;
        clocks[index]! += answerSeconds(random, member.medianSeconds) + (random() < 0.05 ? 600 + random() * 1200 : 0);
        await postFeedback(team[index]!, app.application_id, { media_id: request.media_id, subjects: countAnswer(subjectUid, count), decision_time: clocks[index]! }, `${member.email}:${request.media_id}`);
        answers += 1;
      }
    }
  }

  // the manager looks at each disagreement and decides it by what the photograph shows
  let resolvedReviews = 0;
  for (let page = await listReviews(admin, app.application_id, 100); page.data.length > 0; page = await listReviews(admin, app.application_id, 100)) {
    for (const review of page.data) {
      await resolveReview(admin, app.application_id, review.review_id, { subjects: countAnswer(subjectUid, await peopleIn(review.media.filename ?? '')) });
      resolvedReviews += 1;
    }
  }
  const figures = await getLabellers(admin, { appId: app.application_id }, {});
  return {
    appId: app.application_id,
    labellers: new Map(figures.labellers.flatMap((labeller) => (labeller.email ? [[labeller.email, labeller] as const] : []))),
    answers,
    goldItems,
    resolvedReviews,
  };
}
