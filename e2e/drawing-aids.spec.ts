// Click-to-box and snapping: the displayed image's pixels, searched in a Web Worker, propose the clicked object.
import type { Annotation } from '../src/features/labelling/type-modules/annotation';
import { expect, test } from './support/fixtures';
import { onPage, openQueue, shown, signInToLabel } from './support/labelling';

test('Shift+click on an object proposes its box, close to what the model found', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const item = await openQueue(page, labeller, 'box_detection');
  const { boxes } = item.annotation as Extract<Annotation, { type: 'box_detection' }>;
  const target = boxes[0]!;
  const centre = await onPage(page, item, (target.x0 + target.x1) / 2, (target.y0 + target.y1) / 2);
  await page.keyboard.down('Shift');
  await page.mouse.click(centre.x, centre.y);
  await page.keyboard.up('Shift');
  await expect.poll(async () => ((await shown(page)).annotation as Extract<Annotation, { type: 'box_detection' }>).boxes.length).toBe(boxes.length + 1);
  const proposed = ((await shown(page)).annotation as Extract<Annotation, { type: 'box_detection' }>).boxes.at(-1)!;
  for (const edge of ['x0', 'y0', 'x1', 'y1'] as const) expect(Math.abs(proposed[edge] - target[edge])).toBeLessThanOrEqual(4);
});

test('a click near an object places the point at its centre', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const item = await openQueue(page, labeller, 'point');
  const { points } = item.annotation as Extract<Annotation, { type: 'point' }>;
  const target = points[0]!;
  const placed = async () => ((await shown(page)).annotation as Extract<Annotation, { type: 'point' }>).points;
  // Take the model's first point away, then click off-centre on its object (4 and 3 pixels off).
  await page.keyboard.press('Tab');
  await page.keyboard.press('Delete');
  await expect.poll(async () => (await placed()).length).toBe(points.length - 1);
  const near = await onPage(page, item, target.x + 4, target.y + 3);
  await page.mouse.click(near.x, near.y);
  await expect.poll(async () => (await placed()).length).toBe(points.length);
  const after = await placed();
  const nearest = after.reduce((best, p) => (Math.hypot(p.x - target.x, p.y - target.y) < Math.hypot(best.x - target.x, best.y - target.y) ? p : best));
  expect(Math.hypot(nearest.x - target.x, nearest.y - target.y)).toBeLessThanOrEqual(3);
});
