import { createHash, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { BoxRegion, FeedbackSubjectAnswer } from '../src/api/application-types/answer';
import type { ApiClient } from '../src/api/client';
import { createApplication, listApplications } from '../src/api/endpoints/applications';
import { listApplicationDetections } from '../src/api/endpoints/detections';
import { postFeedback } from '../src/api/endpoints/feedback';
import { listAnswers } from '../src/api/endpoints/feedback-history';
import { subjectMediaPath } from '../src/api/endpoints/media';
import { createSubject } from '../src/api/endpoints/subjects';
import type { Application } from '../src/api/schemas/application';
import type { Assertion } from '../src/api/schemas/detections';
import { z } from '../src/api/zod';
import { apiAs, checkAndCapture, DEMO, expect, openDemoLab, test } from './support/fixtures';
import type { RunningService } from './support/service';

/** Held-out answers the release is measured on: at least MIN_HELD_OUT_ANSWERS. */
const HELD_OUT = 6;

/** Whether the service holds a media item's answers out for validation: its `answer_set` (migrations/0010_model_history.sql). */
function isHeldOut(mediaId: string): boolean {
  const [high, low] = createHash('md5').update(mediaId).digest();
  return (high! * 256 + low!) % 5 === 0;
}

/**
 * An application of its own, seen as the demo application `source` sees its subjects, that no other spec labels, fed
 * HELD_OUT demo images that fall in the validation set: its release learns nothing, so its candidate does as well
 * as the baseline on the same answers and is released, whatever other specs answer elsewhere.
 */
async function heldOutApplication(api: ApiClient, source: string): Promise<Application> {
  const applications = (await listApplications(api)).data;
  const demo = applications.find((application) => application.name === source)!;
  const camera = await createSubject(api, { name: `Release check camera ${randomUUID().slice(0, 8)}` });
  const app = await createApplication(api, {
    name: `${source} (release check)`,
    type: demo.type,
    input_subjects: [camera.subject_uid],
    output_subjects: demo.output_subjects,
    custom_fields: demo.custom_fields,
    app_managers: [DEMO.manager],
  });
  // The source's own scenes first: on another application's images (a street photograph, say) its model finds
  // nothing, and a release measured on no boxes has no recall to show.
  const mediaIds = new Set<string>();
  for (const application of [demo, ...applications.filter((other) => other !== demo)]) {
    for (const record of (await listApplicationDetections(api, application.application_id, { limit: 100 })).data) mediaIds.add(record.media.media_id);
  }
  const heldOut = [...mediaIds].filter(isHeldOut).slice(0, HELD_OUT);
  expect(heldOut).toHaveLength(HELD_OUT);
  for (const media_id of heldOut) await api.request(subjectMediaPath(camera.subject_uid), z.unknown(), { method: 'POST', body: { media_id } });
  await expect.poll(async () => (await listApplicationDetections(api, app.application_id)).data.length, { timeout: 60_000 }).toBe(HELD_OUT);
  return app;
}

/** What a person answers on the item at `index`, given the model's proposals for it. */
type AnswerOf = (proposals: readonly Assertion[], index: number, app: Application) => FeedbackSubjectAnswer[];

/** Answers every item of the application, and checks that every answer was held out. */
async function answerEach(api: ApiClient, app: Application, answerOf: AnswerOf) {
  const records = (await listApplicationDetections(api, app.application_id)).data;
  for (const [index, record] of records.entries()) {
    const subjects = answerOf(record.detections.filter((detection) => detection.user_id === null), index, app);
    await postFeedback(api, app.application_id, { media_id: record.media.media_id, subjects, decision_time: Date.now() / 1000 }, randomUUID());
  }
  const { data } = await listAnswers(api, app.application_id, 100);
  expect(data.map((answer) => answer.set_assignment)).toEqual(Array.from({ length: HELD_OUT }, () => 'validation'));
}

/** The boxes the model shows (at least 0.5 probable), one fewer on every other item, as if a person removed a wrong box. */
const shownBoxesLessOne: AnswerOf = ([proposal], index) => {
  const shown = ((proposal!.app_data ?? []) as BoxRegion[]).filter((region) => (region.probability ?? 0) >= 0.5).map(({ box }) => ({ box }));
  const truth = index % 2 === 0 ? shown : shown.slice(1);
  return [truth.length > 0 ? { subject_uid: proposal!.subject_uid, result: 'True', app_data_type: 'box_set', app_data: truth } : { subject_uid: proposal!.subject_uid, result: 'False' }];
};

/** The model's class, but the next one on the first item: one answer the model got wrong. */
const proposedClassButOne: AnswerOf = ([proposal], index, app) => {
  const classes = app.output_subjects;
  const chosen = index === 0 ? classes[(classes.indexOf(proposal!.subject_uid) + 1) % classes.length]! : proposal!.subject_uid;
  return [{ subject_uid: chosen, result: 'True' }];
};

/**
 * Signs the manager in, makes an application like the demo's `source` answered on held-out items only (`answerOf`),
 * and releases it now on its page: Model v1 is released.
 */
async function releasedOnHeldOutAnswers(page: Page, service: RunningService, source: string, answerOf: AnswerOf) {
  const tenantId = await openDemoLab(page, DEMO.manager);
  const admin = await apiAs(service, DEMO.admin, tenantId);
  const app = await heldOutApplication(admin, source);
  await answerEach(admin, app, answerOf);
  await page.goto(`/t/${tenantId}/apps/${app.application_id}`);
  const models = page.getByRole('region', { name: 'Models' });
  await models.getByRole('button', { name: 'Release now' }).click();
  await expect(models.getByRole('status').filter({ hasText: /^Model v1 released\.$/ })).toBeVisible({ timeout: 120_000 });
  return { tenantId, app, models };
}

test('a manager releases a model now, reads its honest measures beside the one before and browses an older model\'s proposals', async ({ page, service }) => {
  test.setTimeout(180_000);
  const { tenantId, app, models } = await releasedOnHeldOutAnswers(page, service, 'Red bolts', shownBoxesLessOne);

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

test('a manager reads a classification release as accuracy and a confusion table by class', async ({ page, service }) => {
  test.setTimeout(180_000);
  const { models } = await releasedOnHeldOutAnswers(page, service, 'Part kind', proposedClassButOne);

  const sentence = new RegExp(`^Right on 5 of ${HELD_OUT} \\(accuracy 0\\.83\\) · precision \\d\\.\\d\\d · recall \\d\\.\\d\\d — on ${HELD_OUT} held-out answers$`);
  await expect(models.getByRole('definition').filter({ hasText: sentence })).toHaveCount(2);
  const confusion = models.getByRole('table', { name: "Answers against Model v1's proposals" });
  await expect(confusion.getByRole('columnheader')).toHaveText(['Answer', 'red bolt', 'blue washer', 'yellow nut']);
  const cells = await confusion.locator('tbody td').allTextContents();
  expect(cells.map(Number).reduce((sum, count) => sum + count, 0)).toBe(HELD_OUT);
  await expect(models.getByRole('table', { name: 'Current model against the one before' }).getByRole('row', { name: /^Accuracy 0\.83 0\.83/ })).toBeVisible();
  await checkAndCapture(page, 'application-models-classes');
});

test('a manager releases a kept-back candidate anyway, confirmed in a dialog, and the releases table says it was forced', async ({ page, service }) => {
  test.setTimeout(180_000);
  const tenantId = await openDemoLab(page, DEMO.manager);
  const admin = await apiAs(service, DEMO.admin, tenantId);
  const demo = (await listApplications(admin)).data.find((application) => application.name === 'Red bolts')!;
  const camera = await createSubject(admin, { name: `Release anyway camera ${randomUUID().slice(0, 8)}` });
  const app = await createApplication(admin, {
    name: 'Red bolts (release anyway)',
    type: demo.type,
    input_subjects: [camera.subject_uid],
    output_subjects: demo.output_subjects,
    custom_fields: demo.custom_fields,
    app_managers: [DEMO.manager],
  });
  await page.goto(`/t/${tenantId}/apps/${app.application_id}`);
  const models = page.getByRole('region', { name: 'Models' });
  await models.getByRole('button', { name: 'Release now' }).click();
  await expect(models.getByRole('status').filter({ hasText: /^Not released: not enough held-out answers yet/ })).toBeVisible({ timeout: 120_000 });

  await models.getByRole('button', { name: 'Release anyway…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Release anyway?' });
  await expect(dialog).toContainText('not enough held-out answers yet');
  await checkAndCapture(page, 'release-anyway');
  await dialog.getByRole('button', { name: 'Release anyway' }).click();
  await expect(models.getByRole('status').filter({ hasText: /^Model v1 released anyway \(forced\)\.$/ })).toBeVisible({ timeout: 120_000 });
  await expect(models.getByRole('table', { name: 'Model releases' }).getByRole('row').nth(1)).toContainText(/^Model v1forced/);
  await checkAndCapture(page, 'application-models-forced');
});
