import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Media } from '../../src/api/schemas/media';
import type { BoxCoords } from '../../src/api/types';
import { recordAssertions } from '../domain/assertions';
import { drainProcessing } from '../processing/pipeline';
import { admin, createSubject, mediaOfSubject, post, t, uploadToSubject, usePipelineApp } from '../testing/pipeline-fixture';

usePipelineApp({ allowSpecialTypes: true });

/** A 1000 × 600 PNG plan from a real photograph: lossless, so that every sub-plan's pixels can be compared. */
const photoPlan = async () => sharp(await readFile(path.join(import.meta.dirname, '../demo/photos/street-23.jpg'))).resize(1000, 600, { fit: 'fill' }).png().toBuffer();

async function pipelineApp(type: 'retiler' | 'static_crop', name: string, inputs: string, custom_fields: Record<string, unknown>): Promise<{ outputs: string; appId: string }> {
  const outputs = await createSubject(`${name} out`);
  const created = await post('/1/applications', { name, type, input_subjects: [inputs], output_subjects: [outputs], custom_fields });
  expect(created.statusCode).toBe(201);
  return { outputs, appId: created.json().application_id };
}

const rawPixels = (image: Sharp) => image.removeAlpha().raw().toBuffer();

async function bytesOf(media: Media): Promise<Buffer> {
  const { pathname, search } = new URL(media.media_url);
  return (await t.inject({ method: 'GET', url: pathname + search })).rawPayload;
}

/** Whether the media item's pixels are exactly the plan's inside its box. */
async function showsPlanAt(plan: Buffer, media: Media, { x0, y0, x1, y1 }: BoxCoords): Promise<boolean> {
  const expected = await rawPixels(sharp(plan).extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 }));
  return expected.equals(await rawPixels(sharp(await bytesOf(media))));
}

const byFrame = (media: Media[]) => [...media].sort((a, b) => (a.frame ?? 0) - (b.frame ?? 0));

describe('a retiler application', () => {
  it('cuts a plan larger than max_width × max_height into sub-plans sharing the overlap, each recording its place in the plan', async () => {
    const inputs = await createSubject('Street plans');
    const { outputs, appId } = await pipelineApp('retiler', 'Street tiles', inputs, { max_width: 400, max_height: 400, overlap: 20 });
    const plan = await photoPlan();
    const planId = await uploadToSubject(inputs, plan, 'street.png', 1_700_000_000);
    await drainProcessing(t.app);
    const subPlans = byFrame(await mediaOfSubject(outputs));
    // Columns: 3 spans of (1000 - 20) / 3 plus the overlap; rows: 2 of (600 - 20) / 2 plus the overlap.
    expect(subPlans.map((media) => media.place_in_plan?.box)).toEqual([
      { x0: 0, y0: 0, x1: 346, y1: 310 },
      { x0: 326, y0: 0, x1: 673, y1: 310 },
      { x0: 653, y0: 0, x1: 1000, y1: 310 },
      { x0: 0, y0: 290, x1: 346, y1: 600 },
      { x0: 326, y0: 290, x1: 673, y1: 600 },
      { x0: 653, y0: 290, x1: 1000, y1: 600 },
    ]);
    expect(subPlans[4]).toMatchObject({ parent_media_ids: [planId], frame: 4, filename: 'street-subplan-004.png', media_format: 'png', image_width: 347, image_height: 310 });
    expect(subPlans[4]!.place_in_plan).toMatchObject({ media_id: planId, application_id: appId });
    for (const media of subPlans) expect(await showsPlanAt(plan, media, media.place_in_plan!.box)).toBe(true);
  });

  it('sends a plan that fits on as it is, without a copy', async () => {
    const inputs = await createSubject('Small plans');
    const { outputs } = await pipelineApp('retiler', 'Roomy tiles', inputs, { max_width: 1000, max_height: 600 });
    const planId = await uploadToSubject(inputs, await photoPlan(), 'small.png', 1_700_000_100);
    await drainProcessing(t.app);
    expect((await mediaOfSubject(outputs)).map((media) => [media.media_id, media.place_in_plan])).toEqual([[planId, null]]);
  });

  it("recombines an upstream retiler's tiles into larger sub-plans in the plan's pixels, each made once, from the tiles it lists as parents", async () => {
    const inputs = await createSubject('Tiled plans');
    const small = await pipelineApp('retiler', 'Small tiles', inputs, { max_width: 250, max_height: 250 });
    const large = await pipelineApp('retiler', 'Large tiles', small.outputs, { max_width: 500, max_height: 300 });
    const plan = await photoPlan();
    const planId = await uploadToSubject(inputs, plan, 'tiled.png', 1_700_000_200);
    await drainProcessing(t.app);
    const tiles = await mediaOfSubject(small.outputs);
    expect(tiles).toHaveLength(12);
    const subPlans = byFrame(await mediaOfSubject(large.outputs));
    expect(subPlans.map((media) => media.place_in_plan)).toEqual([
      { media_id: planId, application_id: large.appId, box: { x0: 0, y0: 0, x1: 500, y1: 300 } },
      { media_id: planId, application_id: large.appId, box: { x0: 500, y0: 0, x1: 1000, y1: 300 } },
      { media_id: planId, application_id: large.appId, box: { x0: 0, y0: 300, x1: 500, y1: 600 } },
      { media_id: planId, application_id: large.appId, box: { x0: 500, y0: 300, x1: 1000, y1: 600 } },
    ]);
    const tileAt = new Map(tiles.map((tile) => [tile.media_id, tile.place_in_plan!.box]));
    // The first sub-plan takes the tiles of columns 0 and 1 in rows 0 (0–200) and 1 (200–400).
    expect(subPlans[0]!.parent_media_ids.map((id) => tileAt.get(id))).toEqual([
      { x0: 0, y0: 0, x1: 250, y1: 200 },
      { x0: 250, y0: 0, x1: 500, y1: 200 },
      { x0: 0, y0: 200, x1: 250, y1: 400 },
      { x0: 250, y0: 200, x1: 500, y1: 400 },
    ]);
    for (const media of subPlans) expect(await showsPlanAt(plan, media, media.place_in_plan!.box)).toBe(true);
  });

  it("recombines a static_crop's crop, a tile of its image, into sub-plans laid over the crop, in the image's pixels", async () => {
    const inputs = await createSubject('Cropped plans');
    const crop = await pipelineApp('static_crop', 'Plan crop', inputs, { x0: 100, y0: 50, x1: 900, y1: 550 });
    const tiles = await pipelineApp('retiler', 'Crop tiles', crop.outputs, { max_width: 400, max_height: 300 });
    // The same bytes as the earlier tests' plans, so the same media item: their retilers' sub-plans are not the crop's.
    const plan = await photoPlan();
    const planId = await uploadToSubject(inputs, plan, 'cropped.png', 1_700_000_300);
    await drainProcessing(t.app);
    const subPlans = byFrame(await mediaOfSubject(tiles.outputs));
    expect(subPlans.map((media) => [media.place_in_plan?.media_id, media.place_in_plan?.box])).toEqual([
      [planId, { x0: 100, y0: 50, x1: 500, y1: 300 }],
      [planId, { x0: 500, y0: 50, x1: 900, y1: 300 }],
      [planId, { x0: 100, y0: 300, x1: 500, y1: 550 }],
      [planId, { x0: 500, y0: 300, x1: 900, y1: 550 }],
    ]);
    for (const media of subPlans) expect(await showsPlanAt(plan, media, media.place_in_plan!.box)).toBe(true);
  });

  it('refuses with 400 an overlap of more than half the smaller side, and a side beyond 10,000 pixels', async () => {
    const overlap = await post('/1/applications', { name: 'Wide overlap', type: 'retiler', custom_fields: { max_width: 1000, max_height: 400, overlap: 201 } });
    expect(overlap.json().errors).toEqual([{ field: 'custom_fields.overlap', message: 'The overlap may be at most half of the smaller of max_width and max_height.' }]);
    const huge = await post('/1/applications', { name: 'Huge', type: 'retiler', custom_fields: { max_width: 20_000 } });
    expect(huge.json().errors).toEqual([{ field: 'custom_fields.max_width', message: 'Use a whole number of pixels from 64 to 10,000.' }]);
  });
});

describe('an export of answers on sub-plans', () => {
  it("gives boxes in each sub-plan's pixels, or with coordinates plan in the plan's, every sub-plan's answers on the plan", async () => {
    const inputs = await createSubject('Exported plans');
    const tiles = await pipelineApp('retiler', 'Exported tiles', inputs, { max_width: 400, max_height: 400, overlap: 20 });
    const doors = await createSubject('door');
    const boxApp = (await post('/1/applications', { name: 'Doors', type: 'box_detection', input_subjects: [tiles.outputs], output_subjects: [doors] })).json();
    // Other bytes than the other tests' plans: a plan of its own.
    const plan = await sharp(await photoPlan()).flop().png().toBuffer();
    const planId = await uploadToSubject(inputs, plan, 'doors.png', 1_700_000_400);
    await drainProcessing(t.app);
    const subPlans = byFrame(await mediaOfSubject(tiles.outputs));
    const labellerId = t.demo!.userIds.labeller;
    const answerBoxes = (mediaId: string, box: BoxCoords) =>
      recordAssertions(t.db, { tenantId: t.demo!.tenantIds.demoLab, mediaId, userId: labellerId, appId: boxApp.application_id, decisionTime: 1_700_000_500, assertions: [{ subjectUid: doors, probability: 1, appData: [{ box }] }] });
    await answerBoxes(subPlans[0]!.media_id, { x0: 0, y0: 0, x1: 30, y1: 30 });
    await answerBoxes(subPlans[4]!.media_id, { x0: 10, y0: 20, x1: 50, y1: 60 });

    const exported = async (coordinates?: string) => {
      const started = await post(`/1/applications/${boxApp.application_id}/exports`, { format: 'coco', ...(coordinates ? { coordinates } : {}) });
      expect(started.statusCode).toBe(202);
      await drainProcessing(t.app);
      const url = `/1/applications/${boxApp.application_id}/exports/${started.json().export_id}`;
      const status = (await t.inject({ method: 'GET', url, headers: admin })).json();
      return { status, coco: (await t.inject({ method: 'GET', url: `${url}/file`, headers: admin })).json() };
    };
    const inMedia = await exported();
    expect(inMedia.status.coordinates).toBe('media');
    expect(inMedia.coco.images.map((image: { width: number }) => image.width).sort((a: number, b: number) => a - b)).toEqual([346, 347]);
    const inPlan = await exported('plan');
    expect(inPlan.status).toMatchObject({ coordinates: 'plan', total: 1 });
    expect(inPlan.coco.images).toMatchObject([{ file_name: 'doors.png', width: 1000, height: 600 }]);
    const byPlace = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]!;
    expect(inPlan.coco.annotations.map((annotation: { bbox: number[] }) => annotation.bbox).sort(byPlace)).toEqual([
      [0, 0, 30, 30],
      [336, 310, 40, 40],
    ]);
    expect(planId).toBe(subPlans[4]!.place_in_plan?.media_id);
  });
});
