import { http, HttpResponse } from 'msw';
import type { Application, ApplicationStats } from '../../../api/schemas/application';
import type { Gateway } from '../../../api/schemas/gateways';
import type { Subject } from '../../../api/schemas/subjects';
import type { TenantUser } from '../../../api/schemas/identity';
import type { Measures, ModelPerformance, ReleasedModel, ReleaseStatus } from '../../../api/schemas/models';
import { sampleApplication, sampleSubject } from '../utils/test-fixtures';

export const ADMIN: TenantUser = { user_id: 'u-admin', email: 'admin@acme.test', given_name: 'Ada', surname: null, role: 'tenant_admin' };
export const MEMBER: TenantUser = { user_id: 'u-member', email: 'member@acme.test', given_name: null, surname: null, role: 'tenant_user' };

export interface DashboardState {
  applications: Application[];
  subjects: Subject[];
  gateways: Gateway[];
  /** app-pets's releases, oldest first. */
  models: ReleasedModel[];
  /** Whether a release of app-pets is running; a started one has finished by the next status request. */
  releasing: boolean;
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
    models: [sampleModel(1, { precision: 0.5, recall: 0.4, F1: 0.44 }), sampleModel(2, { precision: 0.8, recall: 0.6, F1: 0.69 })],
    releasing: false,
    requests: [],
  };
}

function measures(ratios: Pick<Measures, 'precision' | 'recall' | 'F1'>): Measures {
  return { accuracy: 0.7, TP: 6, FP: 2, TN: 8, FN: 4, ...ratios };
}

export function sampleModel(version: number, ratios: Pick<Measures, 'precision' | 'recall' | 'F1'>): ReleasedModel {
  return {
    model_id: `mdl-${version}`,
    application_id: 'app-pets',
    version,
    release_time: 1_700_000_000 + version * 3600,
    ccp_sha256: 'f'.repeat(64),
    training_data_count: 40 * version,
    validation_data_count: 10 * version,
    model_performance: measures(ratios),
    model_performance_per_subject: {},
    previous_model_id: version === 1 ? 'app-pets.v0' : `mdl-${version - 1}`,
  };
}

/** A release's measures as the performance lists give them, beside the model it replaced (if given). */
function performanceOf(model: ReleasedModel, previous: ReleasedModel | null): ModelPerformance {
  return {
    app_id: model.application_id,
    model_id: model.model_id,
    version: model.version,
    release_time: model.release_time,
    updated_at: model.release_time,
    type: 'classification',
    release_metrics: 'best_F1',
    output_subjects: [],
    data_count: model.validation_data_count ?? 0,
    model_performance: model.model_performance!,
    model_performance_per_subject: {},
    previous: previous && { model_id: previous.model_id, model_performance: previous.model_performance!, model_performance_per_subject: {} },
  };
}

const releaseStatus = (state: DashboardState): ReleaseStatus => ({
  running: state.releasing,
  release_model_count: state.models.at(-1)?.version ?? null,
  last_released_at: state.models.at(-1)?.release_time ?? null,
});

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
    http.get('/21/applications/:id/feedbackRequests/count', () =>
      HttpResponse.json({ count: 12, buckets: [{ t: 1_700_000_000, count: 5 }, { t: 1_700_086_400, count: 7 }] }),
    ),
    http.get('/1/applications/:id/models', () => HttpResponse.json({ data: [...state.models].reverse(), paging: {} })),
    http.get('/1/applications/:id/performance/releaseValidation', () =>
      HttpResponse.json({ data: state.models.map((model, index) => performanceOf(model, state.models[index - 1] ?? null)).reverse(), paging: {} }),
    ),
    http.get('/1/applications/:id/performance/currentValidation', () => {
      const [previous, current] = state.models.slice(-2);
      const data = previous && current ? [{ ...performanceOf(previous, null), data_count: 20 }, performanceOf(current, null)] : [];
      return HttpResponse.json({ data, paging: {} });
    }),
    http.get('/1/applications/:id/release', () => {
      if (state.releasing) {
        state.releasing = false;
        const last = state.models.at(-1);
        state.models.push(sampleModel((last?.version ?? 0) + 1, { precision: 0.9, recall: 0.7, F1: 0.79 }));
      }
      return HttpResponse.json(releaseStatus(state));
    }),
    http.post('/1/applications/:id/release', () => {
      state.releasing = true;
      return HttpResponse.json({ ...releaseStatus(state), running: true }, { status: 202 });
    }),
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
