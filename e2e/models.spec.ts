import { randomUUID } from 'node:crypto';
import type { ApiClient } from '../src/api/client';
import { listApplications } from '../src/api/endpoints/applications';
import { postFeedback, pullFeedback } from '../src/api/endpoints/feedback';
import { listAnswers } from '../src/api/endpoints/feedback-history';
import { apiAs, checkAndCapture, DEMO, expect, openDemoLab, test } from './support/fixtures';

/** Answers up to 20 waiting items by the API, each subject as the model called it, until some are held out for validation. */
async function answerQuickly(api: ApiClient, appId: string) {
  for (let round = 0; round < 2; round += 1) {
    for (const item of await pullFeedback(api, appId, 10)) {
      const subjects = item.subjects.map((s) => ({ subject_uid: s.subject_uid, result: s.probability >= 0.5 ? ('True' as const) : ('False' as const) }));
      await postFeedback(api, appId, { media_id: item.media_id, subjects, decision_time: Date.now() / 1000 }, randomUUID());
    }
    const { data } = await listAnswers(api, appId, 100);
    if (data.filter((answer) => answer.set_assignment === 'validation').length >= 2) return;
  }
}

test('a manager releases a model now, compares it with the one before and browses an older model\'s proposals', async ({ page, service }) => {
  test.setTimeout(180_000);
  const tenantId = await openDemoLab(page, DEMO.manager);
  const api = await apiAs(service, DEMO.manager, tenantId);
  const app = (await listApplications(api)).data.find((application) => application.name === 'Parts present')!;
  await answerQuickly(api, app.application_id);

  await page.goto(`/t/${tenantId}/apps/${app.application_id}`);
  const models = page.getByRole('region', { name: 'Models' });
  await expect(page.getByRole('region', { name: 'Answers' }).getByRole('definition')).toHaveText(/^[1-9]\d*$/);
  await models.getByRole('button', { name: 'Release now' }).click();
  const released = models.getByRole('status').filter({ hasText: /^Model v\d+ released\.$/ });
  await expect(released).toBeVisible({ timeout: 120_000 });
  const version = Number((await released.textContent())!.match(/v(\d+)/)![1]);

  const releases = models.getByRole('table', { name: 'Model releases' });
  await expect(releases.getByRole('row').nth(1)).toContainText(`Model v${version}`);
  await expect(releases.getByRole('row').nth(1).getByRole('cell').nth(6)).toHaveText(/^(\d\.\d\d|—)$/);
  const comparison = models.getByRole('table', { name: 'Current model against the one before' });
  await expect(comparison.getByRole('columnheader', { name: `Model v${version} (current)` })).toBeVisible();
  await expect(comparison).toContainText(/On the same [1-9]\d* held-out validation items?/);
  await expect(comparison.getByRole('row', { name: /^F1 / })).toBeVisible();
  await expect(models.getByRole('img', { name: 'F1 on held-out answers, per release' })).toBeVisible();
  await checkAndCapture(page, 'application-models');

  await page.goto(`/t/${tenantId}/apps/${app.application_id}/detections?source=model`);
  const picker = page.getByRole('combobox', { name: 'Model' });
  await expect(picker.getByRole('option').first()).toHaveText(`Model v${version} (current)`);
  await picker.selectOption({ label: 'Baseline model (v0)' });
  await expect(page).toHaveURL(/model_version=0/);
  const thumbnails = page.getByRole('region', { name: 'Detections' }).getByRole('link', { name: /^Media / });
  await expect(thumbnails.first()).toHaveAccessibleName(/ by Model/);
  await checkAndCapture(page, 'detections-older-model');
});
