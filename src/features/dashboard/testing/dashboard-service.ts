import { http, HttpResponse } from 'msw';
import type { Application, Gateway, Subject, TenantUser } from '../../../api/types';
import type { ApplicationStats } from '../../../api/endpoints/applications';
import { sampleApplication, sampleSubject } from '../utils/test-fixtures';

export const ADMIN: TenantUser = { user_id: 'u-admin', email: 'admin@acme.test', given_name: 'Ada', surname: null, role: 'tenant_admin' };
export const MEMBER: TenantUser = { user_id: 'u-member', email: 'member@acme.test', given_name: null, surname: null, role: 'tenant_user' };

export interface DashboardState {
  applications: Application[];
  subjects: Subject[];
  gateways: Gateway[];
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
    requests: [],
  };
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
    http.post('/1/applications', async ({ request }) => {
      const body = (await request.json()) as Partial<Application>;
      const application = sampleApplication({ ...body, application_id: `app-${state.applications.length + 1}` });
      state.applications.push(application);
      return HttpResponse.json(application);
    }),
    http.get('/1/applications/:id/stats', () => HttpResponse.json(stats)),
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
