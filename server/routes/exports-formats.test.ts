import { beforeAll, describe, expect, it } from 'vitest';
import { checkCoco, checkVoc, checkYolo, ZipContents } from '../testing/export-formats';
import { cat, dog, useExportsApp, answer, appWithMedia, runExport, boxes } from '../testing/exports-fixture';

useExportsApp();

describe('exporting a box detection application', () => {
  let appId: string;
  let mediaIds: string[];
  let imageBytes: Buffer;

  beforeAll(async () => {
    ({ appId, mediaIds, data: imageBytes } = await appWithMedia('box_detection'));
    await answer(appId, mediaIds[0]!, [
      { subject: cat, present: true, appData: boxes([10, 20, 50, 60], [100, 0, 200, 100]), decidedAt: 1_700_000_000 },
      { subject: dog, present: true, appData: boxes([0, 0, 20, 20]) },
      // A later decision on the same item and subject replaces the earlier one.
      { subject: cat, present: true, appData: boxes([10, 20, 50, 60], [100, 0, 200, 100], [60, 60, 80, 90]), decidedAt: 1_700_000_100 },
    ]);
    await answer(appId, mediaIds[1]!, [{ subject: cat, present: false }]);
  });

  it('gives COCO as one JSON file: every answered image, the latest boxes, the subjects as categories', async () => {
    const { status, file } = await runExport(appId, { format: 'coco' });
    expect(status).toMatchObject({ state: 'ready', done: 2, total: 2, format: 'coco', include_images: false, file_name: 'export-box-detection-coco.json', notes: [] });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="export-box-detection-coco.json"');
    expect(Number(file.headers['content-length'])).toBe(status.size);
    const coco = checkCoco(file.json());
    expect(coco.categories.map(({ id, name }) => ({ id, name }))).toEqual([{ id: 1, name: 'cat' }, { id: 2, name: 'dog "spotted"' }]);
    expect(coco.images.map(({ file_name, width, height }) => ({ file_name, width, height }))).toEqual(mediaIds.map((id) => ({ file_name: `${id}.png`, width: 200, height: 100 })));
    expect(coco.annotations.map(({ image_id, category_id, bbox, area }) => ({ image_id, category_id, bbox, area }))).toEqual([
      { image_id: 1, category_id: 1, bbox: [10, 20, 40, 40], area: 1600 },
      { image_id: 1, category_id: 1, bbox: [100, 0, 100, 100], area: 10000 },
      { image_id: 1, category_id: 1, bbox: [60, 60, 20, 30], area: 600 },
      { image_id: 1, category_id: 2, bbox: [0, 0, 20, 20], area: 400 },
    ]);
  });

  it('zips COCO with the images from the media store', async () => {
    const { status, file } = await runExport(appId, { format: 'coco', include_images: true });
    expect(status).toMatchObject({ state: 'ready', done: 2, total: 2, file_name: 'export-box-detection-coco.zip' });
    expect(file.headers['content-type']).toBe('application/zip');
    const zip = ZipContents.read(file.rawPayload);
    expect(zip.paths()).toEqual(['annotations.json', ...mediaIds.map((id) => `images/${id}.png`), 'manifest.csv']);
    expect(Buffer.from(zip.files[`images/${mediaIds[0]}.png`]!).equals(imageBytes)).toBe(true);
    expect(checkCoco(JSON.parse(zip.text('annotations.json'))).annotations).toHaveLength(4);
  });

  it('gives YOLO as a zip of data.yaml, classes.txt and one normalised label file per image', async () => {
    const { status, file } = await runExport(appId, { format: 'yolo' });
    expect(status).toMatchObject({ state: 'ready', file_name: 'export-box-detection-yolo.zip', notes: [] });
    const zip = ZipContents.read(file.rawPayload);
    const yolo = checkYolo(zip, 2);
    expect(yolo.names).toEqual(['cat', 'dog "spotted"']);
    expect(zip.text(`labels/${mediaIds[0]}.txt`).split('\n')[0]).toBe('0 0.150000 0.400000 0.200000 0.400000');
    expect(yolo.labels.get(mediaIds[0]!)).toHaveLength(4);
    expect(yolo.labels.get(mediaIds[1]!)).toEqual([]);
  });

  it('gives Pascal VOC as a zip of one XML file per image, with the images in JPEGImages', async () => {
    const { file } = await runExport(appId, { format: 'voc', include_images: true });
    const zip = ZipContents.read(file.rawPayload);
    const voc = checkVoc(zip, 2);
    expect(zip.paths('JPEGImages/')).toEqual(mediaIds.map((id) => `JPEGImages/${id}.png`));
    expect(voc.get(mediaIds[0]!)).toMatchObject({ filename: `${mediaIds[0]}.png`, width: 200, height: 100 });
    expect(voc.get(mediaIds[0]!)!.objects).toContainEqual({ name: 'dog "spotted"', xmin: 0, ymin: 0, xmax: 20, ymax: 20 });
    expect(voc.get(mediaIds[1]!)!.objects).toEqual([]);
  });
});

describe('what each application type exports', () => {
  it('points: COCO keypoints; YOLO small boxes, with a note', async () => {
    const { appId, mediaIds } = await appWithMedia('point');
    await answer(appId, mediaIds[0]!, [{ subject: cat, present: true, appData: [{ x: 100, y: 50 }, { x: 2, y: 98 }] }]);
    const coco = checkCoco((await runExport(appId, { format: 'coco' })).file.json());
    expect(coco.annotations[0]).toMatchObject({ keypoints: [100, 50, 2], num_keypoints: 1, bbox: [95, 45, 10, 10] });
    expect(coco.annotations[1]).toMatchObject({ bbox: [0, 93, 7, 7] });
    expect(coco.categories[0]).toMatchObject({ keypoints: ['point'] });
    const { status, file } = await runExport(appId, { format: 'yolo' });
    expect(status.notes).toEqual([{ message: 'Points were written as 10×10 pixel boxes centred on each point.', count: 2 }]);
    expect(checkYolo(ZipContents.read(file.rawPayload), 1).labels.get(mediaIds[0]!)![0]).toEqual({ classIndex: 0, cx: 0.5, cy: 0.5, w: 0.05, h: 0.1 });
  });

  it('classification: a class of the whole image in COCO; left out of YOLO and VOC with a reason', async () => {
    const { appId, mediaIds } = await appWithMedia('classification');
    await answer(appId, mediaIds[0]!, [{ subject: dog, present: true }]);
    const coco = checkCoco((await runExport(appId, { format: 'coco' })).file.json());
    expect(coco.images[0]).toMatchObject({ category_ids: [2] });
    expect(coco.annotations).toEqual([]);
    const { status, file } = await runExport(appId, { format: 'voc' });
    expect(status.notes).toEqual([{ message: 'Pascal VOC has no classes of a whole image, so image-level labels were left out (COCO keeps them).', count: 1 }]);
    expect(checkVoc(ZipContents.read(file.rawPayload), 1).get(mediaIds[0]!)!.objects).toEqual([]);
  });

  it('counts: per-image values in COCO; left out of YOLO with a reason', async () => {
    const { appId, mediaIds } = await appWithMedia('static_count');
    await answer(appId, mediaIds[1]!, [{ subject: cat, present: true, appData: 7 }]);
    const coco = checkCoco((await runExport(appId, { format: 'coco' })).file.json());
    expect(coco.images).toEqual([expect.objectContaining({ file_name: `${mediaIds[1]}.png`, values: [{ category_id: 1, name: 'count', value: 7 }] })]);
    const { status } = await runExport(appId, { format: 'yolo' });
    expect(status.notes).toEqual([{ message: 'YOLO has no per-image values, so count labels were left out (COCO keeps them).', count: 1 }]);
  });

  it('leaves out answers on a subject the application no longer outputs, with a note', async () => {
    const { appId, mediaIds } = await appWithMedia('box_detection', { outputSubjects: [cat] });
    await answer(appId, mediaIds[0]!, [{ subject: dog, present: true, appData: boxes([0, 0, 5, 5]) }]);
    const { status, file } = await runExport(appId, { format: 'coco' });
    expect(status.notes).toEqual([{ message: 'Labels of a subject that is no longer an output subject of the application were left out.', count: 1 }]);
    expect(checkCoco(file.json())).toMatchObject({ annotations: [], categories: [{ name: 'cat' }] });
  });

  it('an application without answers exports no images', async () => {
    const { appId } = await appWithMedia('box_detection');
    const { status, file } = await runExport(appId, { format: 'yolo' });
    expect(status).toMatchObject({ state: 'ready', done: 0, total: 0 });
    expect(checkYolo(ZipContents.read(file.rawPayload), 0).labels.size).toBe(0);
  });
});
