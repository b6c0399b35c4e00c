// The demo's first applications: real photographs with the pretrained detector's proposals, for a labeller to
// confirm or correct.
import { getMedia } from '../src/api/endpoints/media';
import type { Annotation } from '../src/features/labelling/types/annotation';
import { PHOTO_CAMERAS } from '../server/demo/photo-applications';
import { PHOTO_APP_NAMES } from './support/demo-apps';
import { expect, expectNoSeriousA11yViolations, saveScreenshot, test } from './support/fixtures';
import { drawnItem, signInToLabel } from './support/labelling';

const boxesOf = (annotation: Annotation | null) => (annotation as Extract<Annotation, { type: 'box_detection' }>).boxes;

test('a labeller opens the first photo application and gets a photograph with the detector\'s boxes on it', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const applications = page.getByRole('table', { name: 'Applications' });
  await expect(applications.getByRole('row').nth(1).getByRole('link').first()).toHaveText(PHOTO_APP_NAMES[0]!);
  await page.getByRole('link', { name: `Label ${PHOTO_APP_NAMES[0]}` }).click();
  await expect(page).toHaveURL(/\/label$/);
  // the debug hook lets the test read what is drawn
  await page.goto(`${page.url()}?debug=1`);
  const item = await drawnItem(page);

  const media = await getMedia(labeller.api, item.mediaId!);
  expect(media.meta_tags).toEqual(['demo', 'photo']);
  expect(media.filename).toMatch(/\.jpg$/);
  expect(media.license).toEqual(expect.any(String));
  const boxes = boxesOf(item.annotation as Annotation | null);
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.x1).toBeLessThanOrEqual(media.image_width);
    expect(box.y1).toBeLessThanOrEqual(media.image_height);
  }
  // every class name in the object list is shown whole, not cut ("person", not "p…")
  const classNames = page.getByRole('region', { name: 'Objects' }).locator('.object-list__class');
  await expect(classNames.first()).toBeVisible();
  expect(await classNames.evaluateAll((names) => names.filter((name) => name.scrollWidth > name.clientWidth).map((name) => name.textContent))).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'workspace', { readme: true });

  // the next photograph is another one, with proposals of its own
  await page.getByRole('button', { name: /^Skip/ }).click();
  const next = await drawnItem(page, item.mediaId);
  await saveScreenshot(page, 'workspace-photo-2');
  expect(next.mediaId).not.toBe(item.mediaId);
});

test('Ball spots asks about a sports photograph, which has a ball to point at', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  await page.getByRole('link', { name: 'Label Ball spots' }).click();
  await expect(page).toHaveURL(/\/label$/);
  await page.goto(`${page.url()}?debug=1`);
  const item = await drawnItem(page);
  const media = await getMedia(labeller.api, item.mediaId!);
  expect(PHOTO_CAMERAS.sports.photos).toContain(media.filename);
  await saveScreenshot(page, 'ball-spots');
});
