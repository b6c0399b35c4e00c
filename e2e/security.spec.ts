// The app under its Content Security Policy: every page, the canvas and its Web Worker, with nothing refused.
import type { Page } from '@playwright/test';
import { listApplications } from '../src/api/endpoints/applications';
import { getPendingCount } from '../src/api/endpoints/feedback';
import type { Annotation } from '../src/features/labelling/types/annotation';
import { apiAs, DEMO, expect, signIn, test } from './support/fixtures';
import { drawnItem, inspectionLineApps, onPage, openQueue, shown, storedSession, type Labeller } from './support/labelling';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Watches the page for anything the CSP refuses: `securitypolicyviolation` events, collected into `window` by a
 * script that runs before the app's own in every document (and reported out, so that a full page load loses none),
 * and console messages about the policy (which also carry refusals inside the Web Worker). Returns what it saw.
 */
async function watchCsp(page: Page): Promise<() => string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__reportCspViolation', (violation: string) => seen.push(violation));
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      const violation = `${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`;
      window.__cspViolations!.push(violation);
      (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(violation);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) seen.push(`console: ${message.text()}`);
  });
  return () => [...new Set(seen)];
}

test('the manager walks every page with nothing refused by the CSP', async ({ page, service }) => {
  test.setTimeout(120_000);
  const violations = await watchCsp(page);

  // Sign-in, then the dashboard (the manager has one tenant, so no picker).
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const response = await page.request.get('/');
  expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
  await signIn(page, DEMO.manager);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Lab' })).toBeVisible();
  const { session } = (await storedSession(page)).state;
  const tenantId = session.tenantId;
  const api = await apiAs(service, DEMO.manager, tenantId);
  const { data: applications } = await listApplications(api);
  const app = (name: string) => applications.find((application) => application.name === name)!.application_id;
  const labeller: Labeller = {
    api,
    userId: session.userId,
    tenantId,
    apps: await inspectionLineApps(api),
  };

  // The application page, its settings and its detections.
  await page.getByRole('table', { name: 'Applications' }).getByRole('link', { name: 'Red bolts', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Red bolts' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Assertions by source' })).toBeVisible();
  await page.goto(`/t/${tenantId}/apps/${app('Red bolts')}/settings`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(`/t/${tenantId}/apps/${app('Red bolts')}/detections`);
  const thumbnails = page.getByRole('region', { name: 'Detections' }).getByRole('link', { name: /^Media / });
  await expect(thumbnails.first()).toBeVisible();
  await expect.poll(() => thumbnails.first().locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // A media page: the image (a signed media URL) and the assertions drawn over it.
  const filename = /^Media (\S+),/.exec((await thumbnails.first().getAttribute('aria-label'))!)![1]!;
  await thumbnails.first().click();
  const image = page.getByRole('img', { name: filename });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Gateways: the list and one gateway.
  await page.goto(`/t/${tenantId}`);
  await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Gateways' }).click();
  const gateways = page.getByRole('table', { name: 'Gateways' });
  await expect(gateways).toBeVisible();
  await gateways.getByRole('link', { name: 'Line 1 edge box' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Line 1 edge box' })).toBeVisible();

  // The labelling workspace with an item drawn (the media fetched and decoded into a bitmap on the canvas), then
  // click-to-box, which searches the image's pixels in the Web Worker.
  const leased = async () => (await getPendingCount(api, app('Red bolts'))).leased;
  // Other specs' closed browsers may still hold items here: only this page's count.
  const heldBefore = await leased();
  const item = await openQueue(page, labeller, 'box_detection');
  const { boxes } = item.annotation as Extract<Annotation, { type: 'box_detection' }>;
  const target = boxes[0]!;
  const centre = await onPage(page, item, (target.x0 + target.x1) / 2, (target.y0 + target.y1) / 2);
  await page.keyboard.down('Shift');
  await page.mouse.click(centre.x, centre.y);
  await page.keyboard.up('Shift');
  const boxCount = async () => ((await shown(page)).annotation as Extract<Annotation, { type: 'box_detection' }>).boxes.length;
  // The worker loads OpenCV.js (15 MB) for its first search: seconds on a loaded machine, as in drawing-aids.spec.
  await expect.poll(boxCount, { timeout: 30_000 }).toBe(boxes.length + 1);

  // Leaving through the app hands the items pulled back (the other specs on this service label them).
  await page.getByRole('link', { name: '← Back' }).click();
  await expect.poll(leased).toBeLessThanOrEqual(heldBefore);

  // One media item opened for labelling from its page.
  await page.goto(`/t/${tenantId}/apps/${app('Red bolts')}/media/${item.mediaId}/label?debug=1`);
  await drawnItem(page);
  await page.getByRole('link', { name: '← Back' }).click();
  await expect.poll(leased).toBeLessThanOrEqual(heldBefore);

  await page.getByRole('button', { name: /sign out/i }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  expect(violations()).toEqual([]);
});

test('an admin picks a tenant and opens the admin pages with nothing refused by the CSP', async ({ page }) => {
  const violations = await watchCsp(page);
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tenants/);
  await page.getByRole('button', { name: /Demo Lab/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Lab' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Tenant' });
  await nav.getByRole('link', { name: 'Upload' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tenant admin' })).toBeVisible();
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
  expect(violations()).toEqual([]);
});

test('the watch sees what the CSP refuses', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'https://elsewhere.example/pixel.png';
    document.body.append(image);
  });
  await expect.poll(violations).toEqual(expect.arrayContaining([expect.stringMatching(/^img-src refused https:\/\/elsewhere\.example\/pixel\.png/)]));
  expect(await page.evaluate(() => window.__cspViolations)).toHaveLength(1);
});
