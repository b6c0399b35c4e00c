import type { Annotation } from '../src/features/labelling/types/annotation';
import type { Page } from '@playwright/test';
import { countReviews, listConsensusHistory } from '../src/api/endpoints/consensus';
import { listApplications, updateApplication } from '../src/api/endpoints/applications';
import { postFeedback, pullFeedback } from '../src/api/endpoints/feedback';
import { getTenant } from '../src/api/endpoints/identity';
import { apiAs, DEMO, expect, expectNoSeriousA11yViolations, saveScreenshot, signIn, signInToDemoLab, test } from './support/fixtures';
import { isInspectionLine } from './support/demo-apps';
import { accept, drawnItem, openQueue, signInToLabel, type Shown } from './support/labelling';

type Classification = Extract<Annotation, { type: 'classification' }>;

/** Chooses a class other than `not` (keys 1–9 follow the options' order) and returns it. */
async function chooseOtherThan(page: Page, item: Shown, not: string | null): Promise<string> {
  const { options } = item.annotation as Classification;
  const index = options.findIndex((uid) => uid !== not);
  await page.keyboard.press(String(index + 1));
  return options[index]!;
}

test('two labellers disagree on an item; the manager sees both answers, resolves it, and the consensus history lists it', async ({ browser, page, service }) => {
  test.setTimeout(120_000);
  const labellerPage = await (await browser.newContext()).newPage();
  const adminPage = await (await browser.newContext()).newPage();
  const labeller = await signInToLabel(labellerPage, service);
  const appId = labeller.apps.classification;
  const admin = await apiAs(service, DEMO.admin, labeller.tenantId);
  try {
    // The manager asks for two answers per item in the application's settings.
    await signIn(page, DEMO.manager);
    await expect(page).toHaveURL(/\/t\/[^/]+/);
    await page.goto(`/t/${labeller.tenantId}/apps/${appId}/settings`);
    await page.getByLabel('Labellers per item').fill('2');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();

    // The first labeller answers the first item of the queue with one class…
    const item = await openQueue(labellerPage, labeller, 'classification');
    const first = await chooseOtherThan(labellerPage, item, (item.annotation as Classification).choice);
    await accept(labellerPage, item);

    // …and a second person of the tenant answers the same item with another.
    const second = await signInToLabel(adminPage, service, DEMO.admin);
    await adminPage.goto(`/t/${second.tenantId}/apps/${appId}/media/${item.mediaId}/label?debug=1`);
    const same = await drawnItem(adminPage);
    expect(same.mediaId).toBe(item.mediaId);
    const other = await chooseOtherThan(adminPage, same, first);
    expect(other).not.toBe(first);
    await accept(adminPage, same);
    await expect.poll(async () => (await countReviews(admin, appId)).pending, { timeout: 30_000 }).toBe(1);

    // The manager opens the review queue from the application's tabs and sees both answers, by whom.
    await page.goto(`/t/${labeller.tenantId}/apps/${appId}`);
    await page.getByRole('link', { name: /^Review/ }).click();
    const answers = page.getByRole('button', { name: /^Answer \d by / });
    await expect(answers).toHaveCount(2);
    await expect(page.getByRole('button', { name: `Answer 1 by ${DEMO.labeller}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Answer 2 by ${DEMO.admin}` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Labellers' })).toContainText(DEMO.labeller);
    await expect(page.locator('.answer-card img').first()).toHaveJSProperty('complete', true);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'review-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(page, 'review-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Key 2 chooses the second answer and E opens it in the type's editor, where Enter (Accept) resolves the review;
    // the page comes back with the queue empty and the decision in the history.
    await page.keyboard.press('2');
    await expect(page.getByRole('button', { name: `Answer 2 by ${DEMO.admin}` })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('e');
    await expect(page).toHaveURL(/\/review\/[^/]+\/edit\/2$/);
    await page.goto(`${new URL(page.url()).pathname}?debug=1`);
    const editing = await drawnItem(page);
    expect([editing.mediaId, (editing.annotation as Classification).choice]).toEqual([item.mediaId, other]);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByText('No disagreements waiting')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recently decided' }).getByText('Reviewed').first()).toBeVisible();
    const { data } = await listConsensusHistory(admin, appId);
    expect(data[0]).toMatchObject({ media_id: item.mediaId, source: 'review', subjects: [{ subject_uid: other, result: 'True' }] });
  } finally {
    await updateApplication(admin, appId, { labellers_per_item: 1 });
    await labellerPage.context().close();
    await adminPage.context().close();
  }
});

test('box answers are drawn over the image, each in its labeller’s colour', async ({ page, service }) => {
  const labeller = await apiAs(service, DEMO.labeller);
  const admin = await apiAs(service, DEMO.admin, (await getTenant(labeller)).tenant_id);
  const appId = (await listApplications(labeller)).data.find((app) => isInspectionLine(app) && app.type === 'box_detection')!.application_id;
  try {
    await updateApplication(admin, appId, { labellers_per_item: 2 });
    const [item] = await pullFeedback(labeller, appId, 1);
    const { media_id, media, subjects } = item!;
    const { image_width: w, image_height: h } = media;
    const boxes = (x: number) => [{ box: { x0: Math.round(w * x), y0: Math.round(h * 0.2), x1: Math.round(w * (x + 0.25)), y1: Math.round(h * 0.6) } }];
    const answer = (x: number) => ({
      media_id,
      subjects: [{ subject_uid: subjects[0]!.subject_uid, result: 'True' as const, app_data_type: 'box_set' as const, app_data: boxes(x) }],
      decision_time: Date.now() / 1000,
    });
    await postFeedback(labeller, appId, answer(0.1), crypto.randomUUID());
    await postFeedback(admin, appId, answer(0.6), crypto.randomUUID());

    await signInToDemoLab(page, DEMO.manager);
    await expect(page).toHaveURL(/\/t\/[^/]+/);
    await page.goto(`${new URL(page.url()).pathname.split('/').slice(0, 3).join('/')}/apps/${appId}/review`);
    const cards = page.locator('.answer-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0).locator('svg g:not(.answer-card__outline) rect')).toHaveCount(1);
    await expect(cards.nth(0)).toContainText('1 box');
    await expect(page.locator('.answer-card img').first()).toHaveJSProperty('complete', true);
    await saveScreenshot(page, 'review-boxes');
    await page.keyboard.press('Enter');
    await expect(page.getByText('No disagreements waiting')).toBeVisible();
  } finally {
    await updateApplication(admin, appId, { labellers_per_item: 1 });
  }
});
