import { http, HttpResponse } from 'msw';
import type { Application, ApplicationStats } from '../../../api/schemas/application';
import type { Gateway } from '../../../api/schemas/gateways';
import type { Subject } from '../../../api/schemas/subjects';
import type { TenantUser } from '../../../api/schemas/identity';
import type { LearningCurve } from '../../../api/schemas/learning-curve';
import type { Measures } from '../../../api/schemas/measures';
import type { CandidateDecision, ModelPerformance, ReleasedModel, ReleaseStatus } from '../../../api/schemas/models';
import type { ModelServer, ModelServerSettingsInput } from '../../../api/schemas/model-server';
import { climbingCurve, sampleApplication, sampleSubject } from './test-fixtures';

export const ADMIN: TenantUser = { user_id: 'u-admin', email: 'admin@acme.test', given_name: 'Ada', surname: null, role: 'tenant_admin' };
export const MEMBER: TenantUser = { user_id: 'u-member', email: 'member@acme.test', given_name: null, surname: null, role: 'tenant_user' };

export interface DashboardState {
  applications: Application[];
  subjects: Subject[];
  gateways: Gateway[];
  /** app-pets's releases (presence measures), oldest first. */
  models: ReleasedModel[];
  /** app-cars's releases (box measures), oldest first. */
  carModels: ReleasedModel[];
  /** Whether a release is running (and whether it was asked to release anyway); it has finished by the next status request. */
  releasing: false | { force: boolean };
  /** What the next release of app-cars decides: a new version, or its candidate kept back. */
  nextCarCandidate: CandidateDecision['outcome'];
  lastCandidate: CandidateDecision | null;
  /** Every application's learning curve. */
  learningCurve: LearningCurve;
  /** Each application's model server, when it has one (the service checks it at once: connected, at version v1). */
  modelServers: Record<string, ModelServer>;
  /** Every request the service received, for asserting what the app sent. */
  requests: { method: string; url: URL; body: unknown }[];
}

export function initialState(): DashboardState {
  return {
    applications: [
      sampleApplication({ application_id: 'app-pets', name: 'Pets', output_subjects: ['s-cat', 's-dog'], detection_thresholds: { 's-cat': 0.5, 's-dog': 0 } }),
      sampleApplication({ application_id: 'app-cars', name: 'Cars', type: 'box_detection', active: false, output_subjects: ['s-car'] }),
    ],
    subjects: [sampleSubject('s-in', 'Camera feed'), sampleSubject('s-cat', 'Cat'), sampleSubject('s-dog', 'Dog'), sampleSubject('s-car', 'Car')],
    gateways: [],
    models: [sampleModel('app-pets', 1, presence(20, [[6, 4], [2, 8]])), sampleModel('app-pets', 2, presence(20, [[8, 2], [1, 9]]))],
    carModels: [sampleModel('app-cars', 1, boxes(18, 30, 40, 0.55)), sampleModel('app-cars', 2, boxes(18, 41, 49, 0.71))],
    releasing: false,
    nextCarCandidate: 'not_enough_answers',
    lastCandidate: null,
    learningCurve: climbingCurve,
    modelServers: {},
    requests: [],
  };
}

/** Presence measures (detection_fullframe) from a present/absent table [[TP, FN], [FP, TN]]. */
function presence(n: number, [[tp, fn], [fp, tn]]: [[number, number], [number, number]]): Measures {
  return {
    kind: 'classes',
    n,
    reason: null,
    accuracy: (tp + tn) / (tp + fn + fp + tn),
    precision: tp / (tp + fp),
    recall: tp / (tp + fn),
    F1: (2 * tp) / (2 * tp + fp + fn),
    confusion: { labels: ['present', 'absent'], counts: [[tp, fn], [fp, tn]] },
  };
}

/** Box measures of 52 true boxes, `found` of them by `shown` boxes. */
function boxes(n: number, found: number, shown: number, AP: number): Measures {
  return { kind: 'boxes', n, reason: null, truth_boxes: 52, shown_boxes: shown, found, precision: found / shown, recall: found / 52, F1: (2 * found) / (52 + shown), AP };
}

function sampleModel(appId: string, version: number, measures: Measures, forced = false): ReleasedModel {
  return {
    model_id: `mdl-${appId}-${version}`,
    application_id: appId,
    version,
    release_time: 1_700_000_000 + version * 3600,
    ccp_sha256: 'f'.repeat(64),
    training_data_count: 40 * version,
    validation_data_count: measures.n,
    model_performance: measures,
    model_performance_per_subject: {},
    previous_model_id: version === 1 ? `${appId}.v0` : `mdl-${appId}-${version - 1}`,
    forced,
  };
}

/** A model's measures taken again on the answers of a later one (the same figures, on as many answers). */
const measuredOn = (model: ReleasedModel, later: ReleasedModel): Measures => ({ ...model.model_performance!, n: later.model_performance!.n });

/** A release's measures as the performance lists give them, beside the model it replaced (if given). */
function performanceOf(model: ReleasedModel, previous: ReleasedModel | null): ModelPerformance {
  return {
    app_id: model.application_id,
    model_id: model.model_id,
    version: model.version,
    release_time: model.release_time,
    updated_at: model.release_time,
    type: model.application_id === 'app-cars' ? 'box_detection' : 'detection_fullframe',
    release_metrics: 'best_F1',
    output_subjects: [],
    data_count: model.validation_data_count ?? 0,
    model_performance: model.model_performance!,
    model_performance_per_subject: {},
    previous: previous && { model_id: previous.model_id, model_performance: previous.model_performance!, model_performance_per_subject: {} },
  };
}

const releaseStatus = (state: DashboardState, models: ReleasedModel[]): ReleaseStatus => ({
  running: state.releasing !== false,
  release_model_count: models.at(-1)?.version ?? null,
  last_released_at: models.at(-1)?.release_time ?? null,
  last_candidate: state.lastCandidate,
});

/**
 * A release finishing: app-pets's releases a better model; app-cars's does as `nextCarCandidate` says, or releases
 * its candidate anyway when forced.
 */
function finishRelease(state: DashboardState, appId: unknown, { force }: { force: boolean }) {
  state.releasing = false;
  const models = appId === 'app-cars' ? state.carModels : state.models;
  const version = (models.at(-1)?.version ?? 0) + 1;
  const outcome = appId === 'app-cars' ? state.nextCarCandidate : 'released';
  const forced = force && outcome !== 'released';
  const decision = { decided_at: 1_800_000_000 + version, outcome, figure: 'F1' as const, current: 0.81, version: null, forced };
  if (outcome === 'not_enough_answers') state.lastCandidate = { ...decision, n: 3, candidate: null, current: null };
  else if (outcome === 'not_better') state.lastCandidate = { ...decision, n: 18, candidate: 0.74 };
  else state.lastCandidate = { ...decision, n: 20, candidate: 0.9 };
  if (outcome === 'released' || forced) {
    const measures = appId === 'app-cars' ? boxes(18, 38, 50, 0.6) : presence(20, [[9, 1], [1, 9]]);
    models.push(sampleModel(String(appId), version, measures, forced));
    state.lastCandidate.version = version;
  }
}

const stats: ApplicationStats = {
  pending: 7,
  assertions_by_source: [
    { t: 1_700_000_000, model: 3, user: 1 },
    { t: 1_700_086_400, model: 5, user: 2 },
  ],
  latest_detection_at: 1_700_086_400,
};

const notFound = () => HttpResponse.json({ message: 'Not found.' }, { status: 404 });

/** The dashboard's part of the service, in memory, for msw. */
export function dashboardHandlers(state: DashboardState) {
  const record = async (request: Request) => {
    const body: unknown = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.clone().json().catch(() => undefined);
    state.requests.push({ method: request.method, url: new URL(request.url), body });
  };
  const findApp = (id: unknown) => state.applications.find((app) => app.application_id === id);
  const modelsOf = (id: unknown) => (id === 'app-cars' ? state.carModels : state.models);
  return [
    http.all('/1/*', async ({ request }) => {
      await record(request);
    }),
    http.get('/1/version', () => HttpResponse.json({ version: '1', build_number: 1, build_time: '2025-01-01T00:00:00Z' })),
    http.get('/1/users/current/invites', () => HttpResponse.json([])),
    http.get('/1/tenants/current/users', () => HttpResponse.json({ data: [ADMIN, MEMBER] })),
    http.get('/1/tenants/current/applications', () => HttpResponse.json({ data: state.applications })),
    http.get('/1/tenants/current/subjects', () => HttpResponse.json({ data: state.subjects })),
    http.get('/1/tenants/current/gateways', () => HttpResponse.json({ data: state.gateways })),
    http.get('/1/gateways/:id', ({ params }) => {
      const gateway = state.gateways.find((candidate) => candidate.gateway_id === params.id);
      return gateway ? HttpResponse.json(gateway) : notFound();
    }),
    http.post('/1/subjects', async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      const subject = sampleSubject(`s-${name.toLowerCase()}`, name);
      state.subjects.push(subject);
      return HttpResponse.json(subject);
    }),
    http.post('/1/subjects/:uid', async ({ request, params }) => {
      const subject = state.subjects.find((candidate) => candidate.subject_uid === params.uid);
      if (!subject) return notFound();
      Object.assign(subject, (await request.json()) as Partial<Subject>);
      return HttpResponse.json(subject);
    }),
    http.post('/1/applications', async ({ request }) => {
      const body = (await request.json()) as Partial<Application>;
      const application = sampleApplication({ ...body, application_id: `app-${state.applications.length + 1}` });
      state.applications.push(application);
      return HttpResponse.json(application);
    }),
    http.get('/1/applications/:id/stats', () => HttpResponse.json(stats)),
    http.get('/1/applications/:id/reviews/count', () => HttpResponse.json({ pending: 0 })),
    http.get('/1/applications/:id/gold/count', () => HttpResponse.json({ gold: 0 })),
    http.get('/21/applications/:id/feedbackRequests/count', () =>
      HttpResponse.json({ count: 12, buckets: [{ t: 1_700_000_000, count: 5 }, { t: 1_700_086_400, count: 7 }] }),
    ),
    http.get('/1/applications/:id/models', ({ params }) => HttpResponse.json({ data: [...modelsOf(params.id)].reverse(), paging: {} })),
    http.get('/1/applications/:id/performance/releaseValidation', ({ params }) => {
      const models = modelsOf(params.id);
      return HttpResponse.json({ data: models.map((model, index) => performanceOf(model, models[index - 1] ?? null)).reverse(), paging: {} });
    }),
    http.get('/1/applications/:id/performance/currentValidation', ({ params }) => {
      const [previous, current] = modelsOf(params.id).slice(-2);
      // the model it replaced, measured again on the current model's answers
      const data = previous && current ? [{ ...performanceOf(previous, null), model_performance: measuredOn(previous, current) }, performanceOf(current, null)] : [];
      return HttpResponse.json({ data, paging: {} });
    }),
    http.get('/1/applications/:id/learning_curve', ({ params }) => HttpResponse.json({ ...state.learningCurve, app_id: params.id })),
    http.get('/1/applications/:id/release', ({ params }) => {
      if (state.releasing) finishRelease(state, params.id, state.releasing);
      return HttpResponse.json(releaseStatus(state, modelsOf(params.id)));
    }),
    http.post('/1/applications/:id/release', async ({ params, request }) => {
      const body = (await request.json().catch(() => null)) as { force?: boolean } | null;
      state.releasing = { force: body?.force === true };
      return HttpResponse.json({ ...releaseStatus(state, modelsOf(params.id)), running: true }, { status: 202 });
    }),
    http.get('/1/applications/:id/model_backend', ({ params }) => {
      const server = state.modelServers[String(params.id)];
      return server ? HttpResponse.json(server) : notFound();
    }),
    http.put('/1/applications/:id/model_backend', async ({ params, request }) => {
      const { auth_header, ...body } = (await request.json()) as ModelServerSettingsInput;
      const before = state.modelServers[String(params.id)];
      const server: ModelServer = {
        ...{ timeout_seconds: 30, interactive: false, extra_params: {}, model_source: 'server' as const },
        ...body,
        application_id: String(params.id),
        auth_set: auth_header === undefined ? (before?.auth_set ?? false) : Boolean(auth_header),
        ...{ state: 'connected' as const, last_error: null, last_checked_at: 1_700_086_400, model_version: 'v1', dropped_note: null },
      };
      state.modelServers[String(params.id)] = server;
      return HttpResponse.json(server);
    }),
    http.get('/1/applications/:id/model_backend/versions', ({ params }) =>
      HttpResponse.json({ versions: state.modelServers[String(params.id)] ? [{ model_version: 'v1', first_seen_at: 1_700_086_400 }] : [] }),
    ),
    http.get('/1/applications/:id', ({ params }) => {
      const application = findApp(params.id);
      return application ? HttpResponse.json(application) : notFound();
    }),
    http.post('/1/applications/:id', async ({ params, request }) => {
      const application = findApp(params.id);
      if (!application) return notFound();
      Object.assign(application, await request.json());
      return HttpResponse.json(application);
    }),
    http.delete('/1/applications/:id', ({ params }) => {
      state.applications = state.applications.filter((app) => app.application_id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
