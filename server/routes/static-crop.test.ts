import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeImage } from '../media/test-images';
import { drainProcessing } from '../processing/pipeline';
import { createSubject, mediaOfSubject, post, t, uploadToSubject, usePipelineApp } from '../testing/pipeline-fixture';
import { readStreetClip } from '../testing/videos';

usePipelineApp();

/** A 64×48 grey PNG with a red 20×10 block whose top-left pixel is (40, 30). */
const imageWithRedBlock = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
    .composite([{ input: { create: { width: 20, height: 10, channels: 3, background: '#ff0000' } }, left: 40, top: 30 }])
    .png()
    .toBuffer();

async function cropApplication(name: string, custom_fields: Record<string, unknown>) {
  const inputs = await createSubject(`${name} in`);
  const outputs = await createSubject(`${name} out`);
  const created = await post('/1/applications', { name, type: 'static_crop', input_subjects: [inputs], output_subjects: [outputs], custom_fields });
  expect(created.statusCode).toBe(201);
  return { inputs, outputs };
}

async function childBytes(url: string): Promise<Buffer> {
  const { pathname, search } = new URL(url);
  return (await t.inject({ method: 'GET', url: pathname + search })).rawPayload;
}

describe('a static_crop application', () => {
  it('crops each image at its coordinates, negative ones counted from the right and bottom, into a child of its output subjects', async () => {
    const { inputs, outputs } = await cropApplication('Red block', { x0: -24, y0: 30, x1: 60, y1: -9 });
    const sourceId = await uploadToSubject(inputs, await imageWithRedBlock(), 'belt.png', 1_700_000_000);
    await drainProcessing(t.app);
    const [child, ...others] = await mediaOfSubject(outputs);
    expect(others).toEqual([]);
    // x0 -24 is column 40; y1 -9 keeps rows up to 48 - 9 = 39, the red block's last row.
    expect(child).toMatchObject({ parent_media_ids: [sourceId], frame: 0, media_timestamp: 1_700_000_000, image_width: 20, image_height: 10 });
    expect(child).toMatchObject({ media_format: 'png', filename: 'belt-crop.png' });
    const { data, info } = await sharp(await childBytes(child!.media_url)).raw().toBuffer({ resolveWithObject: true });
    const reds = Array.from({ length: info.width * info.height }, (_, i) => [data[i * info.channels], data[i * info.channels + 1]]);
    expect(reds.every(([red, green]) => red === 255 && green === 0)).toBe(true);
  });

  it('keeps a JPEG a JPEG, whole with the default coordinates, and makes no twin when the image comes again', async () => {
    const { inputs, outputs } = await cropApplication('Whole', {});
    const jpeg = await makeImage('jpeg', 50, 40);
    const sourceId = await uploadToSubject(inputs, jpeg, 'whole.jpg', 1_700_000_100);
    await drainProcessing(t.app);
    await post(`/1/subjects/${inputs}/media`, { media_id: sourceId, focus: { box: { x0: 0, y0: 0, x1: 10, y1: 10 } } });
    await drainProcessing(t.app);
    const children = await mediaOfSubject(outputs);
    expect(children).toHaveLength(1);
    expect(children[0]).toMatchObject({ media_format: 'jpeg', image_width: 50, image_height: 40, filename: 'whole-crop.jpg' });
  });

  it('skips an image the crop reaches outside of, and a video, and goes on with the next image', async () => {
    const { inputs, outputs } = await cropApplication('Wide', { x0: 0, y0: 0, x1: 100, y1: 20 });
    await uploadToSubject(inputs, await makeImage('png', 64, 48), 'narrow.png', 1_700_000_200);
    await uploadToSubject(inputs, await readStreetClip(), 'street.mp4', 1_700_000_201);
    await uploadToSubject(inputs, await makeImage('png', 120, 48), 'wide.png', 1_700_000_202);
    await drainProcessing(t.app);
    const children = await mediaOfSubject(outputs);
    expect(children.map((child) => [child.filename, child.image_width, child.image_height])).toEqual([['wide-crop.png', 100, 20]]);
  });

  it('refuses with 400 a crop that is empty whatever the image, or coordinates that are not whole pixels', async () => {
    const empty = await post('/1/applications', { name: 'Empty', type: 'static_crop', custom_fields: { x0: 30, x1: 10, y0: -5, y1: -20 } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.map((error: { field: string }) => error.field)).toEqual(['custom_fields.x1', 'custom_fields.y1']);
    expect(empty.json().errors[0].message).toMatch(/^The crop is empty: x1 must lie beyond x0/);
    const fraction = await post('/1/applications', { name: 'Half', type: 'static_crop', custom_fields: { x0: 2.5 } });
    expect(fraction.json().errors).toEqual([{ field: 'custom_fields.x0', message: 'Use a whole number of pixels from -100,000 to 100,000.' }]);
  });
});
