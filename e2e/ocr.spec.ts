import type { Annotation } from '../src/features/labelling/types/annotation';
import { expect, saveScreenshot, test } from './support/fixtures';
import { drawnItem, openQueue, signInToLabel, syncStatus, userAssertions } from './support/labelling';

test('ocr: the labeller sees the reading, corrects it in the text field, answers with Enter, and sees the answer when going back', async ({ page, service }) => {
  const labeller = await signInToLabel(page, service);
  const item = await openQueue(page, labeller, 'ocr');
  const { reading } = item.annotation as Extract<Annotation, { type: 'ocr' }>;
  await expect(page.getByTestId('model-reading')).toHaveText(reading ? /^The model read .+, \d+% sure\.$/ : 'The model read no text here.');
  const field = page.getByRole('textbox', { name: 'Text' });
  await expect(field).toHaveValue(reading?.text ?? '');
  await saveScreenshot(page, 'label-ocr');

  await page.keyboard.press('t');
  await expect(field).toBeFocused();
  const corrected = reading?.text === 'LOT 1234-Q' ? 'LOT 1234-R' : 'LOT 1234-Q';
  await field.fill(corrected);
  await page.keyboard.press('Escape');
  await expect(field).not.toBeFocused();
  await field.focus();
  await page.keyboard.press('Enter');
  await drawnItem(page, item.mediaId);

  await expect.poll(async () => (await userAssertions(labeller, item.mediaId!, 'ocr')).length).toBe(1);
  await expect(syncStatus(page)).toHaveText('All sent');
  expect(await userAssertions(labeller, item.mediaId!, 'ocr')).toEqual([expect.objectContaining({ probability: 1, app_data_type: 'text', app_data: { text: corrected } })]);

  // the next item's text field may hold the focus; keys that are not the answer's act outside it
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByRole('textbox', { name: 'Text' })).toHaveValue(corrected);
});
