import { createHash, randomUUID } from 'node:crypto';
import type { BoxRegion } from '../src/api/application-types/answer';
import type { ApiClient } from '../src/api/client';
import { createApplication, listApplications } from '../src/api/endpoints/applications';
import { listApplicationDetections } from '../src/api/endpoints/detections';
import { postFeedback } from '../src/api/endpoints/feedback';
import { listAnswers } from '../src/api/endpoints/feedback-history';
import { subjectMediaPath } from '../src/api/endpoints/media';
import { createSubject } from '../src/api/endpoints/subjects';
import type { Application } from '../src/api/schemas/application';
import { z } from '../src/api/zod';
import { apiAs, checkAndCapture, DEMO, expect, openDemoLab, test } from './support/fixtures';

/** Held-out answers the release is measured on: at least MIN_HELD_OUT_ANSWERS. */
const HELD_OUT = 6;

/** Whether the service holds a media item's answers out for validation: its `answer_set` (migrations/0010_model_history.sql). */
function isHeldOut(mediaId: string): boolean {
  const [high, low] = createHash('md5').update(mediaId).digest();
  return (high! * 256 + low!) % 5 === 0;
}

/**
 * A box application of its own (the demo's red bolts, seen as the demo's "Red bolts" sees them) that no other spec
 * labels, fed HELD_OUT demo images that fall in the validation set: its release learns nothing, so its candidate
 * does as well as the baseline on the same answers and is released, whatever other specs answer elsewhere.
 */
async function heldOutBoxApplication(api: ApiClient): Promise<Application> {
  const applications = (await listApplications(api)).data;
  const redBolts = applications.find((application) => application.name === 'Red bolts')!;
  const camera = await createSubject(api, { name: `Release check camera ${randomUUID().slice(0, 8)}` });
  const app = await createApplication(api, {
    name: 'Red bolts (release check)',
    type: 'box_detection',
    input_subjects: [camera.subject_uid],
    output_subjects: redBolts.output_subjects,
    custom_fields: redBolts.custom_fields,
    app_managers: [DEMO.manager],
  });
  const mediaIds = new Set<string>();
  for (const application of applications) {
    for (const record of (await listApplicationDetections(api, application.application_id, { limit: 100 })).data) mediaIds.add(record.media.media_id);
  }
  const heldOut = [...mediaIds].filter(isHeldOut).slice(0, HELD_OUT);
  expect(heldOut).toHaveLength(HELD_OUT);
  for (const media_id of heldOut) await api.request(subjectMediaPath(camera.subject_uid), z.unknown(), { method: 'POST', body: { media_id } });
  await expect.poll(async () => (await listApplicationDetections(api, app.application_id)).data.length, { timeout: 60_000 }).toBe(HELD_OUT);
  return app;
}

/**
 * Answers each item with the boxes its model shows (at least 0.5 probable), but one fewer on every other item, as
 * if a person removed a wrong box: the model's precision is then below 1.
 */
async function answerWithShownBoxes(api: ApiClient, app: Application) {
  const records = (await listApplicationDetections(api, app.application_id)).data;
  for (const [index, record] of records.entries()) {
    const proposal = record.detections.find((detection) => detection.user_id === null)!;
    const shown = ((proposal.app_data ?? []) as BoxRegion[]).filter((region) => (region.probability ?? 0) >= 0.5).map(({ box }) => ({ box }));
    const truth = index % 2 === 0 ? shown : shown.slice(1);
    const answer = truth.length > 0 ? { result: 'True' as const, app_data_type: 'box_set' as const, app_data: truth } : { result: 'False' as const };
    const body = { media_id: record.media.media_id, subjects: [{ subject_uid: proposal.subject_uid, ...answer }], decision_time: Date.now() / 1000 };
    await postFeedback(api, app.application_id, body, randomUUID());
  }
  const { data } = await listAnswers(api, app.application_id, 100);
  expect(data.map((answer) => answer.set_assignment)).toEqual(Array.from({ length: HELD_OUT }, () => 'validation'));
}

test('a manager releases a model now, reads its honest measures beside the one before and browses an older model\'s proposals', async ({ page, service }) => {
  test.setTimeout(180_000);
  const tenantId = await openDemoLab(page, DEMO.manager);
  const admin = await apiAs(service, DEMO.admin, tenantId);
  const app = await heldOutBoxApplication(admin);
  await answerWithShownBoxes(admin, app);

  await page.goto(`/t/${tenantId}/apps/${app.application_id}`);
  const models = page.getByRole('region', { name: 'Models' });
  await models.getByRole('button', { name: 'Release now' }).click();
  await expect(models.getByRole('status').filter({ hasText: /^Model v1 released\.$/ })).toBeVisible({ timeout: 120_000 });

  const releases = models.getByRole('table', { name: 'Model releases' });
  await expect(releases.getByRole('row').nth(1)).toContainText('Model v1');
  await expect(releases.getByRole('columnheader', { name: 'Recall (boxes found)' })).toBeVisible();
  await expect(releases.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText(/^\d\.\d\d$/);
  const sentence = new RegExp(`^Boxes found (\\d+) of \\1 \\(recall 1\\.00\\) · precision \\d\\.\\d\\d · AP \\d\\.\\d\\d — on ${HELD_OUT} held-out answers$`);
  await expect(models.getByRole('definition').filter({ hasText: sentence })).toHaveCount(2);
  const comparison = models.getByRole('table', { name: 'Current model against the one before' });
  await expect(comparison.getByRole('columnheader', { name: 'Model v1 (current)' })).toBeVisible();
  await expect(comparison).toContainText(`On the same ${HELD_OUT} held-out answers`);
  await expect(comparison.getByRole('row', { name: /^AP / })).toBeVisible();
  await expect(models.getByRole('img', { name: 'F1 on held-out answers, per release' })).toBeVisible();
  await checkAndCapture(page, 'application-models');

  await page.goto(`/t/${tenantId}/apps/${app.application_id}/detections?source=model`);
  const picker = page.getByRole('combobox', { name: 'Model' });
  await expect(picker.getByRole('option').first()).toHaveText('Model v1 (current)');
  await picker.selectOption({ label: 'Baseline model (v0)' });
  await expect(page).toHaveURL(/model_version=0/);
  const thumbnails = page.getByRole('region', { name: 'Detections' }).getByRole('link', { name: /^Media / });
  await expect(thumbnails.first()).toHaveAccessibleName(/ by Model/);
  await checkAndCapture(page, 'detections-older-model');
});
