// The offline shell: the app's own files come from the service worker, the items in hand, the application and
// the outbox from IndexedDB, so a reload without a network opens the workspace instead of the browser's error page.
import { expect, test } from './support/fixtures';
import { drawnItem, openQueue, signInToLabel, syncStatus, userAssertions } from './support/labelling';

test.use({ serviceWorkers: 'allow' });

test('reloading while offline opens the workspace with the items in hand, and an answer given then is sent later', async ({ page, context, service }) => {
  const labeller = await signInToLabel(page, service);
  const first = await openQueue(page, labeller, 'classification');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await context.setOffline(true);
  await page.reload();
  const item = await drawnItem(page);
  expect(item.mediaId).toBe(first.mediaId);
  await expect(syncStatus(page)).toHaveText('Offline');
  await page.screenshot({ path: 'test-results/screens/offline-reload.png' });

  await page.keyboard.press('Enter');
  await drawnItem(page, item.mediaId);
  await context.setOffline(false);
  await expect.poll(async () => (await userAssertions(labeller, item.mediaId!, 'classification')).length).toBe(1);
  await expect(syncStatus(page)).toHaveText('All sent');
});
