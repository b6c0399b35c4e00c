// What the application route tests share: a test app with the demo people and subjects, and requests as them.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Application } from '../../src/api/schemas/application';
import type { Subject } from '../../src/api/schemas/subjects';
import { createTestApp, type TestApp } from './test-app';

export let t: TestApp;
export let admin: Record<string, string>;
export let labeller: Record<string, string>;
export let manager: Record<string, string>;
export let otherTenantAdmin: Record<string, string>;
export let camera: string;
export let bolt: string;
export let nut: string;

export const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, body?: unknown) =>
  t.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });

async function createSubject(name: string, headers = admin): Promise<string> {
  const response = await send('POST', '/1/subjects', headers, { name });
  return response.json<Subject>().subject_uid;
}

export async function createApp(body: Record<string, unknown>, headers = admin): Promise<Application> {
  const response = await send('POST', '/1/applications', headers, body);
  expect(response.statusCode).toBe(201);
  return response.json<Application>();
}

/** One test app with the demo data, its people signed in and three subjects, for the file that calls it. */
export function useApplicationsApp() {
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const { demoLab, harbour } = t.demo!.tenantIds;
    admin = await t.demoAuth('admin@demo.test', demoLab);
    otherTenantAdmin = await t.demoAuth('admin@demo.test', harbour);
    labeller = await t.demoAuth('labeller@demo.test');
    manager = await t.demoAuth('manager@demo.test');
    [camera, bolt, nut] = await Promise.all([createSubject('Camera'), createSubject('Bolt'), createSubject('Nut')]);
  });
  afterAll(() => t.close());
}
