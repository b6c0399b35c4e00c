// Every editor at the sizes people label on, light and dark, for people to look at (test-results/screens), and a
// labeller on a phone: taps, one thumb, no overflow.
import { devices } from '@playwright/test';
import { INSPECTION_LINE_TYPES } from './support/demo-apps';
import { expect, saveScreenshot, test } from './support/fixtures';
import { drawnItem, openQueue, signInToLabel, userAssertions } from './support/labelling';

const SIZES = [
  { name: 'desktop', width: 1600, height: 1000 },
  { name: 'laptop', width: 1280, height: 720 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Whether anything on the page sticks out of the window (which would scroll it sideways or hide buttons). */
const overflows = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth || document.documentElement.scrollHeight > window.innerHeight);

test('every editor fits 1600×1000, 1280×720 and 390×844, in light and dark', async ({ page, service }) => {
  test.setTimeout(180_000);
  const labeller = await signInToLabel(page, service);
  for (const type of INSPECTION_LINE_TYPES) {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await openQueue(page, labeller, type);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expect(page.getByRole('button', { name: /^Accept and go/ })).toBeInViewport();
        expect(await overflows(page), `${type} at ${size.name} overflows`).toBe(false);
        await saveScreenshot(page, `editor-${type}-${size.name}-${scheme}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
});

test.describe('on a phone (touch)', () => {
  test.use({ userAgent: devices['Pixel 7'].userAgent, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });

  test('a yes/no item is answered with thumb taps, and the answer reaches the service', async ({ page, service }) => {
    const labeller = await signInToLabel(page, service);
    const item = await openQueue(page, labeller, 'detection_fullframe');
    const first = page.getByRole('checkbox').first();
    const before = await first.isChecked();
    await first.tap();
    await expect(first).toBeChecked({ checked: !before });
    const accept = page.getByRole('button', { name: /^Accept and go/ });
    const box = (await accept.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await accept.tap();
    await drawnItem(page, item.mediaId);
    await expect.poll(async () => (await userAssertions(labeller, item.mediaId!, 'detection_fullframe')).length).toBeGreaterThan(0);
    expect(await overflows(page)).toBe(false);
    await saveScreenshot(page, 'phone-detection_fullframe');
  });
});
