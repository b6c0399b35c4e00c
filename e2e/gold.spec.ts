import type { Annotation } from '../src/features/labelling/types/annotation';
import { updateApplication } from '../src/api/endpoints/applications';
import { postFeedback, pullFeedback } from '../src/api/endpoints/feedback';
import { listGoldOfMedia } from '../src/api/endpoints/gold';
import { apiAs, DEMO, expect, saveScreenshot, signInToDemoLab, test } from './support/fixtures';
import { accept, assertionsOf, drawnItem, openQueue, releaseHeld, signInToLabel } from './support/labelling';

type Classification = Extract<Annotation, { type: 'classification' }>;

/** Items a labeller may answer before the gold item comes up: one pull's worth, and some. */
const ITEMS_BEFORE_GOLD_MAX = 15;

test('a manager marks a decided item as gold; a labeller answers it in the workspace like any other, and it is scored, not recorded', async ({ browser, page, service }) => {
  test.setTimeout(120_000);
  const labellerPage = await (await browser.newContext()).newPage();
  const labeller = await signInToLabel(labellerPage, service);
  const appId = labeller.apps.classification;
  const admin = await apiAs(service, DEMO.admin, labeller.tenantId);
  const manager = await apiAs(service, DEMO.manager, labeller.tenantId);
  try {
    // Another person decides an item (one labeller per item: their answer is its label)…
    const [request] = await pullFeedback(admin, appId, 1);
    const mediaId = request!.media_id;
    const truth = request!.subjects.at(-1)!.subject_uid;
    await postFeedback(admin, appId, { media_id: mediaId, subjects: [{ subject_uid: truth, result: 'True' }], decision_time: Date.now() / 1000 }, crypto.randomUUID());
    // …and half of each batch is gold, so that the labeller's next pull brings it.
    await updateApplication(admin, appId, { gold_rate: 0.5 });

    // The manager marks it as gold in the Review page's recent decisions.
    await signInToDemoLab(page, DEMO.manager);
    await expect(page).toHaveURL(/\/t\/[^/]+/);
    await page.goto(`/t/${labeller.tenantId}/apps/${appId}/review`);
    const row = page.locator('.decided-list li').filter({ has: page.locator(`a[href$="/media/${mediaId}"]`) });
    await row.getByRole('button', { name: /^Mark as gold/ }).click();
    await expect(row.getByText('Gold', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Unmark gold/ })).toBeVisible();
    await saveScreenshot(page, 'review-gold');

    // The settings page counts it beside the gold share, as a percent.
    await page.goto(`/t/${labeller.tenantId}/apps/${appId}/settings`);
    const goldSettings = page.getByRole('group', { name: 'Gold items' });
    await expect(goldSettings.getByLabel('Gold share of each batch (%)')).toHaveValue('50');
    await expect(goldSettings).toContainText('1 gold item.');
    await goldSettings.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'settings-gold');

    // The labeller works through the queue; the gold item comes up as any other, and they choose the true class.
    await releaseHeld(labeller, 'classification');
    let item = await openQueue(labellerPage, labeller, 'classification');
    for (let answered = 0; item.mediaId !== mediaId; answered += 1) {
      expect(answered).toBeLessThan(ITEMS_BEFORE_GOLD_MAX);
      await accept(labellerPage, item);
      item = await drawnItem(labellerPage, item.mediaId);
    }
    await expect(labellerPage.getByText(/gold/i)).toHaveCount(0);
    const { options } = item.annotation as Classification;
    await labellerPage.keyboard.press(String(options.indexOf(truth) + 1));
    await accept(labellerPage, item);

    // The answer was scored against the truth, and recorded nowhere as an answer.
    await expect
      .poll(async () => (await listGoldOfMedia(manager, appId, [mediaId])).data.map(({ answered, mean_score }) => ({ answered, mean_score })), { timeout: 20_000 })
      .toEqual([{ answered: 1, mean_score: 1 }]);
    expect(await assertionsOf(labeller.api, labeller.userId, mediaId, appId)).toEqual([]);
  } finally {
    await updateApplication(admin, appId, { gold_rate: 0.1 });
    await labellerPage.context().close();
  }
});
