import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { createApiClient, type ApiClient } from '../../src/api/client';
import { getToken } from '../../src/api/endpoints/identity';
import { startService, type RunningService } from './service';

export const DEMO_PASSWORD = 'looplabel-demo';
export const DEMO = {
  labeller: 'labeller@demo.test',
  manager: 'manager@demo.test',
  admin: 'admin@demo.test',
} as const;

interface WorkerFixtures {
  service: RunningService;
}

export const test = base.extend<object, WorkerFixtures>({
  service: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const service = await startService();
      await use(service);
      await service.dispose();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ service }, use) => {
    await use(service.url);
  },
});

export { expect };

/** A client of the running service signed in as the given user, for checks made behind the UI's back. */
export async function apiAs(service: RunningService, email: string, tenantId?: string): Promise<ApiClient> {
  const anonymous = createApiClient({ baseUrl: service.url });
  const token = await getToken(anonymous, { email, password: DEMO_PASSWORD }, tenantId);
  return createApiClient({ baseUrl: service.url, getToken: () => token.access_token });
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in; the admin, a member of two tenants, then picks Demo Lab. */
export async function signInToDemoLab(page: Page, email: string) {
  await signIn(page, email);
  if (email === DEMO.admin) await page.getByRole('button', { name: /Demo Lab/ }).click();
}

/** Fails on any serious or critical accessibility violation on the page as it stands. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Saves a screenshot for people to look at (test-results/screens), and optionally one the README shows. */
export async function saveScreenshot(page: Page, name: string, options: { readme?: boolean } = {}) {
  await page.screenshot({ path: `test-results/screens/${name}.png` });
  if (options.readme) await page.screenshot({ path: `docs/images/${name}.png` });
}

/** Signs in and lands on the Demo Lab dashboard (an admin picks the tenant first); returns the tenant's id. */
export async function openDemoLab(page: Page, email: string): Promise<string> {
  await signInToDemoLab(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Lab' })).toBeVisible();
  return new URL(page.url()).pathname.split('/')[2]!;
}

/** Checks the page as it stands, then saves it in light and in dark. */
export async function checkAndCapture(page: Page, name: string, options: { readme?: boolean } = {}) {
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, name, options);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}
