// The object list: every mark with its source, hover both ways, hide, delete, sort and keyboard walking.
import type { Page } from '@playwright/test';
import type { Annotation } from '../src/features/labelling/types/annotation';
import { expect, test } from './support/fixtures';
import { onPage, openQueue, shown, signInToLabel } from './support/labelling';
import { saveScreenshot } from './support/fixtures';

type Boxes = Extract<Annotation, { type: 'box_detection' }>;
const boxesOf = async (page: Page) => ((await shown(page)).annotation as Boxes).boxes;
const markView = (page: Page) => page.evaluate(() => window.__looplabel!.markView);

test('the object list shows each box with its source, and hovering, hiding and deleting work both ways', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const item = await openQueue(page, labeller, 'box_detection');
  const { boxes } = item.annotation as Boxes;
  expect(boxes.length).toBeGreaterThan(1);
  const objects = page.getByRole('region', { name: 'Objects' });
  const rows = objects.getByRole('listitem');
  await expect(rows).toHaveCount(boxes.length);
  await expect(rows.first()).toContainText(/\d+%/);

  // The canvas lights up the row of the box under the pointer, and a row lights up its box.
  const first = boxes[0]!;
  const centre = await onPage(page, item, (first.x0 + first.x1) / 2, (first.y0 + first.y1) / 2);
  await page.mouse.move(centre.x, centre.y);
  await expect(objects.locator('[data-index="0"]')).toHaveAttribute('data-hovered', 'true');
  await objects.getByRole('button', { name: /^Box 2,/ }).hover();
  await expect.poll(async () => (await markView(page)).hovered).toBe(1);
  await saveScreenshot(page, 'objects-hover');

  // Hiding takes the box off the canvas, not out of the answer.
  await objects.getByRole('button', { name: 'Hide Box 1' }).click();
  await expect(objects.getByRole('button', { name: 'Hide Box 1' })).toHaveAttribute('aria-pressed', 'true');
  expect((await markView(page)).hidden).toEqual([0]);
  expect(await boxesOf(page)).toHaveLength(boxes.length);

  // Deleting from the list is one undo step.
  await objects.getByRole('button', { name: 'Delete Box 2' }).click();
  await expect.poll(async () => (await boxesOf(page)).length).toBe(boxes.length - 1);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await boxesOf(page)).length).toBe(boxes.length);

  // A box the labeller draws is theirs.
  const from = await onPage(page, item, 4, 4);
  const to = await onPage(page, item, 40, 30);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await expect(rows).toHaveCount(boxes.length + 1);
  await expect(objects.getByRole('button', { name: new RegExp(`^Box ${boxes.length + 1},.*yours`) })).toBeVisible();
});

test('the object list sorts by confidence and is walked with the arrow keys, selecting as it goes', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  await openQueue(page, labeller, 'box_detection');
  const objects = page.getByRole('region', { name: 'Objects' });
  await objects.getByLabel('Order').selectOption('least-confident');
  const percents = async () =>
    (await objects.locator('.object-list__source').allTextContents()).map((text) => Number(/(\d+)%/.exec(text)?.[1]));
  const shownOrder = await percents();
  expect(shownOrder).toEqual([...shownOrder].sort((a, b) => a - b));

  const firstRow = objects.getByRole('listitem').first();
  const firstIndex = Number(await firstRow.getAttribute('data-index'));
  await firstRow.getByRole('button').first().click();
  await expect.poll(async () => ((await shown(page)).annotation as Boxes).selected).toBe(firstIndex);
  const untouched = await boxesOf(page);
  await page.keyboard.press('ArrowDown');
  const secondIndex = Number(await objects.getByRole('listitem').nth(1).getAttribute('data-index'));
  await expect.poll(async () => ((await shown(page)).annotation as Boxes).selected).toBe(secondIndex);
  // In the list the arrow walks it, instead of nudging the selected box.
  expect(await boxesOf(page)).toEqual(untouched);
  const before = untouched[secondIndex];
  await page.keyboard.press('Delete');
  await expect.poll(async () => (await boxesOf(page)).length).toBe(shownOrder.length - 1);
  expect(await boxesOf(page)).not.toContainEqual(before);
});
