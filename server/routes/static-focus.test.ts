import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApplication } from '../domain/applications';
import { drainProcessing } from '../processing/pipeline';
import { associationsOf, createSubject, post, t, uploadToSubject, usePipelineApp } from '../testing/pipeline-fixture';

usePipelineApp({ allowSpecialTypes: true });

/** A real 640 × 480 photograph. */
const photo = () => readFile(path.join(import.meta.dirname, '../demo/photos/basketball-1.jpg'));

/** A static_focus application from its own input subject to its own output subject, read by a box_detection application. */
async function focusChain(name: string, custom_fields: Record<string, unknown>) {
  const inputs = await createSubject(`${name} in`);
  const focused = await createSubject(`${name} focused`);
  const focus = await post('/1/applications', { name, type: 'static_focus', input_subjects: [inputs], output_subjects: [focused], custom_fields });
  expect(focus.statusCode).toBe(201);
  const boxes = await createSubject(`${name} balls`);
  const downstream = await post('/1/applications', { name: `${name} balls`, type: 'box_detection', input_subjects: [focused], output_subjects: [boxes] });
  return { inputs, focused, downstreamId: downstream.json().application_id as string };
}

/** The focus of each detection record of an application. */
async function recordFoci(appId: string) {
  const headers = await t.demoAuth('admin@demo.test', t.demo!.tenantIds.demoLab);
  const page = (await t.inject({ method: 'GET', url: `/1/applications/${appId}/detections?limit=100`, headers })).json();
  return (page.data as { media: { media_id: string }; focus: unknown }[]).map((record) => [record.media.media_id, record.focus]);
}

describe('a static_focus application', () => {
  it('sends each media item on with its focus, a box beyond an edge moved inside at its size, which the application downstream sees', async () => {
    const { inputs, focused, downstreamId } = await focusChain('Rim', { x0: 600, y0: 100, x1: 700, y1: 200, constant_focus_box_size: 1 });
    const mediaId = await uploadToSubject(inputs, await photo(), 'court.jpg', 1_700_000_000);
    await drainProcessing(t.app);
    const focus = { box: { x0: 540, y0: 100, x1: 640, y1: 200 } };
    expect(await associationsOf(focused)).toEqual([expect.objectContaining({ media: expect.objectContaining({ media_id: mediaId }), focus })]);
    expect(await recordFoci(downstreamId)).toEqual([[mediaId, focus]]);
  });

  it('sets a coordinate beyond the limit to the limit without a constant size, and makes no new media', async () => {
    const { inputs, focused } = await focusChain('Corner', { x0: 600, y0: 400, x1: 900, y1: 900 });
    const mediaId = await uploadToSubject(inputs, await photo(), 'corner.jpg', 1_700_000_100);
    await drainProcessing(t.app);
    expect(await associationsOf(focused)).toMatchObject([{ media: { media_id: mediaId }, focus: { box: { x0: 600, y0: 400, x1: 640, y1: 480 } } }]);
  });

  it('adds no focus when every coordinate is beyond the limits: the item goes on whole', async () => {
    const { inputs, focused, downstreamId } = await focusChain('Away', { x0: 1000, y0: 1000, x1: 1200, y1: 1100, constant_focus_box_size: 1 });
    const mediaId = await uploadToSubject(inputs, await photo(), 'away.jpg', 1_700_000_200);
    await drainProcessing(t.app);
    expect(await associationsOf(focused)).toMatchObject([{ media: { media_id: mediaId }, focus: null }]);
    expect(await recordFoci(downstreamId)).toEqual([[mediaId, null]]);
  });

  it("refuses with 400 a box whose end is not beyond its start, and a switch other than 0 or 1, with the contract's messages", async () => {
    const empty = await post('/1/applications', { name: 'Empty', type: 'static_focus', custom_fields: { x0: 50, x1: 50 } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'custom_fields.x1', message: 'x1 must be greater than x0.' }]);
    const switched = await post('/1/applications', { name: 'Switch', type: 'static_focus', custom_fields: { constant_focus_box_size: 2 } });
    expect(switched.json().errors).toEqual([
      { field: 'custom_fields.constant_focus_box_size', message: 'Use 0 (the box is cut at the edge) or 1 (the box keeps its size and moves inside).' },
    ]);
  });

  it('is a type by special arrangement', async () => {
    const refused = createApplication(t.db, t.demo!.tenantIds.demoLab, 'admin@demo.test', { name: 'x', type: 'static_focus' }, { allowSpecialTypes: false });
    await expect(refused).rejects.toMatchObject({ details: { fieldErrors: [{ field: 'type', message: 'The type static_focus is available only by special arrangement.' }] } });
  });
});
