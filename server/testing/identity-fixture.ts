// What the identity route tests share: a test app with the demo people signed in, and requests as anyone.
import { afterAll, beforeAll } from 'vitest';
import { DEMO_PASSWORD } from '../demo/seed-identity';
import { createTestApp, type TestApp } from './test-app';

export let t: TestApp;
export let demoLab: string;
export let harbour: string;
export let adminToken: string;
export let labellerToken: string;

/** One test app with the demo data and the demo admin and labeller signed in, for the file that calls it. */
export function useIdentityApp() {
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    demoLab = t.demo!.tenantIds.demoLab;
    harbour = t.demo!.tenantIds.harbour;
    adminToken = await t.signIn('admin@demo.test', DEMO_PASSWORD, demoLab);
    labellerToken = await t.signIn('labeller@demo.test', DEMO_PASSWORD);
  });
  afterAll(() => t.close());
}

export const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });
export const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, headers, payload: body as object });
