import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { createApplication } from '../src/api/endpoints/applications';
import { getMedia } from '../src/api/endpoints/media';
import { createSubject, listSubjectMedia } from '../src/api/endpoints/subjects';
import { uploadMediaToSubject } from '../src/api/endpoints/uploads';
import { apiAs, checkAndCapture, DEMO, expect, openDemoLab, test as base } from './support/fixtures';
import { startService } from './support/service';

/** retiler and static_focus are types by special arrangement: this spec's service allows them. */
const test = base.extend<object, { service: Awaited<ReturnType<typeof startService>> }>({
  service: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const service = await startService({ ALLOW_SPECIAL_TYPES: '1' });
      await use(service);
      await service.dispose();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const PHOTO = new URL('../server/demo/photos/street-23.jpg', import.meta.url).pathname;

test('a retiler set up on its settings page cuts a plan into sub-plans, and a static_focus gives its focus downstream', async ({ page, service }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const tenantId = await openDemoLab(page, DEMO.admin);
  const api = await apiAs(service, DEMO.admin, tenantId);
  const plans = await createSubject(api, { name: `Plans ${stamp}` });
  const subPlans = await createSubject(api, { name: `Sub-plans ${stamp}` });
  const focused = await createSubject(api, { name: `Focused ${stamp}` });
  const retiler = await createApplication(api, { name: `Plan tiles ${stamp}`, type: 'retiler', input_subjects: [plans.subject_uid], output_subjects: [subPlans.subject_uid] });
  const focus = await createApplication(api, { name: `Gate focus ${stamp}`, type: 'static_focus', input_subjects: [subPlans.subject_uid], output_subjects: [focused.subject_uid] });

  await page.goto(`/t/${tenantId}/apps/${retiler.application_id}/settings`);
  const tiles = page.getByRole('form', { name: 'Sub-plans' });
  await tiles.getByLabel('Largest width, max_width (pixels)').fill('600');
  await tiles.getByLabel('Largest height, max_height (pixels)').fill('400');
  await tiles.getByLabel('Overlap (pixels)').fill('40');
  await tiles.getByRole('button', { name: 'Save sub-plans' }).click();
  await expect(page.getByText('Sub-plans saved.')).toBeVisible();
  await checkAndCapture(page, 'retiler-settings');

  await page.goto(`/t/${tenantId}/apps/${focus.application_id}/settings`);
  const box = page.getByRole('form', { name: 'Focus' });
  for (const [label, value] of [['Left edge, x0', '500'], ['Top edge, y0', '0'], ['Right edge, x1', '700'], ['Bottom edge, y1', '100'], ['Keep the box size', '1']]) {
    await box.getByLabel(new RegExp(`^${label} `)).fill(value!);
  }
  await box.getByRole('button', { name: 'Save focus' }).click();
  await expect(page.getByText('Focus saved.')).toBeVisible();
  await checkAndCapture(page, 'static-focus-settings');

  // A 1000 × 700 plan: two columns of (1000 - 40) / 2 + 40 and two rows of (700 - 40) / 2 + 40 pixels.
  const plan = await sharp(await readFile(PHOTO)).resize(1000, 700, { fit: 'fill' }).jpeg().toBuffer();
  await uploadMediaToSubject(api, plans.subject_uid, new Blob([new Uint8Array(plan)], { type: 'image/jpeg' }), `plan-${stamp}.jpg`);

  await page.goto(`/t/${tenantId}/apps/${retiler.application_id}/detections`);
  const names = [0, 1, 2, 3].map((cell) => `plan-${stamp}-subplan-00${cell}.jpg`);
  await expect(async () => {
    await page.reload();
    for (const name of names) await expect(page.getByRole('link', { name: new RegExp(`^Media ${name}`) })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  const children = await Promise.all((await listSubjectMedia(api, subPlans.subject_uid, 10)).data.map((item) => getMedia(api, item.media.media_id)));
  const byCell = children.sort((a, b) => (a.frame ?? 0) - (b.frame ?? 0));
  expect(byCell.map((child) => [child.image_width, child.image_height, child.place_in_plan?.box])).toEqual([
    [520, 370, { x0: 0, y0: 0, x1: 520, y1: 370 }],
    [520, 370, { x0: 480, y0: 0, x1: 1000, y1: 370 }],
    [520, 370, { x0: 0, y0: 330, x1: 520, y1: 700 }],
    [520, 370, { x0: 480, y0: 330, x1: 1000, y1: 700 }],
  ]);
  // Each 520-pixel-wide sub-plan reaches the static_focus, whose 500–700 box moves inside at its size: 320–520.
  await expect(async () => {
    const foci = (await listSubjectMedia(api, focused.subject_uid, 10)).data.map((item) => item.focus);
    expect(foci).toEqual(Array.from({ length: 4 }, () => ({ box: { x0: 320, y0: 0, x1: 520, y1: 100 } })));
  }).toPass({ timeout: 30_000 });
});
