import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors';
import { ExportNotes } from '../../export/notes';
import { parseCoco } from './coco';
import { parseCsv } from './csv';
import { labelSourceOf } from '../../testing/label-source';
import type { LabelParser } from './parsed';
import { parseVoc } from './voc';
import { parseYolo } from './yolo';

const file = (path: string, text: string) => ({ path, text });

/** The parser run on files held in memory. */
const reading =
  (parser: LabelParser) =>
  (files: { path: string; text: string }[], notes: ExportNotes) =>
    parser(labelSourceOf(files), notes);
const readCoco = reading(parseCoco);
const readYolo = reading(parseYolo);
const readVoc = reading(parseVoc);
const readCsv = reading(parseCsv);

/** A COCO file as CVAT writes it: float boxes, string-free ids, extra keys everywhere. */
const CVAT_COCO = JSON.stringify({
  licenses: [{ name: '', id: 0, url: '' }],
  info: { contributor: '', date_created: '', description: '', url: '', version: '', year: '' },
  categories: [
    { id: 1, name: 'car', supercategory: '' },
    { id: 2, name: 'person', supercategory: '' },
  ],
  images: [
    { id: 1, width: 640, height: 480, file_name: 'frames/street_01.jpg', license: 0, flickr_url: '', coco_url: '', date_captured: 0 },
    { id: 2, width: 640, height: 480, file_name: 'street_02.jpg', license: 0 },
  ],
  annotations: [
    { id: 1, image_id: 1, category_id: 1, segmentation: [], area: 4321.5, bbox: [10.4, 20.6, 100.25, 50.5], iscrowd: 0, attributes: { occluded: false } },
    { id: 2, image_id: 1, category_id: 2, segmentation: [], area: 10, bbox: [300, 100, 40.7, 120.2], iscrowd: 0, score: 0.87 },
    { id: 3, image_id: 9, category_id: 1, bbox: [0, 0, 1, 1] },
    { id: 4, image_id: 2, category_id: 7, bbox: [0, 0, 1, 1] },
  ],
});

async function expectInvalid(run: () => Promise<unknown>, message: RegExp) {
  await expect(run()).rejects.toThrow(DomainError);
  await expect(run()).rejects.toThrow(message);
}

describe('parseCoco', () => {
  it('reads fractional pixel boxes as x0..y1, scores as probabilities, and the image file name without folders', async () => {
    const notes = new ExportNotes();
    const parsed = await readCoco([file('annotations/instances_default.json', CVAT_COCO)], notes);
    expect(parsed.classes).toEqual(['car', 'person']);
    expect(parsed.images).toHaveLength(2);
    const [first, second] = parsed.images;
    expect(first).toEqual({
      source: 'annotations/instances_default.json',
      ref: { fileName: 'street_01.jpg' },
      size: { width: 640, height: 480 },
      units: 'pixels',
      marks: [
        { kind: 'box', className: 'car', box: { x0: 10.4, y0: 20.6, x1: 110.65, y1: 71.1 } },
        { kind: 'box', className: 'person', box: { x0: 300, y0: 100, x1: 340.7, y1: 220.2 }, probability: 0.87 },
      ],
    });
    expect(second?.marks).toEqual([]);
    expect(notes.list()).toEqual([{ message: expect.stringContaining('COCO annotations that could not be read'), count: 2 }]);
  });

  it("reads Looplabel's own additions: media_id, image-level classes and values, keypoints as points", async () => {
    const coco = {
      categories: [{ id: 1, name: 'cat', keypoints: ['point'] }],
      images: [{ id: 1, file_name: 'a.png', width: 10, height: 10, media_id: 'med_1', category_ids: [1], values: [{ category_id: 1, name: 'count', value: 3 }] }],
      annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [1, 1, 4, 4], keypoints: [3, 3, 2, 9, 9, 0], num_keypoints: 1 }],
    };
    const parsed = await readCoco([file('annotations.json', JSON.stringify(coco))], new ExportNotes());
    expect(parsed.images[0]).toMatchObject({
      ref: { fileName: 'a.png', mediaId: 'med_1' },
      marks: [
        { kind: 'image_category', className: 'cat' },
        { kind: 'image_value', className: 'cat', name: 'count', value: 3 },
        { kind: 'point', className: 'cat', x: 3, y: 3 },
      ],
    });
  });

  it('refuses what is not COCO', async () => {
    await expectInvalid(() => readCoco([], new ExportNotes()), /needs its annotations JSON/);
    await expectInvalid(() => readCoco([file('a.json', '{"images": [')], new ExportNotes()), /a.json is not valid JSON/);
    await expectInvalid(() => readCoco([file('a.json', '{"data": []}')], new ExportNotes()), /needs images and categories/);
  });
});

describe('parseYolo', () => {
  const classes = file('obj.names', 'car\nperson\n');

  it('reads normalised centre boxes by class index, a confidence when there is a sixth number, the image by stem', async () => {
    const notes = new ExportNotes();
    const parsed = await readYolo(
      [classes, file('obj_train_data/street_01.txt', '0 0.5 0.5 0.25 0.5\n1 0.1 0.2 0.1 0.2 0.42\n\n'), file('train.txt', 'data/obj_train_data/street_01.jpg\n')],
      notes,
    );
    expect(parsed.classes).toEqual(['car', 'person']);
    expect(parsed.images).toEqual([
      {
        source: 'obj_train_data/street_01.txt',
        ref: { stem: 'street_01' },
        units: 'fractions',
        marks: [
          { kind: 'box', className: 'car', box: { x0: 0.375, y0: 0.25, x1: 0.625, y1: 0.75 } },
          { kind: 'box', className: 'person', box: { x0: 0.05, y0: expect.closeTo(0.1), x1: expect.closeTo(0.15), y1: expect.closeTo(0.3) }, probability: 0.42 },
        ],
      },
    ]);
    expect(notes.list()).toEqual([]);
  });

  it("takes the names of Ultralytics' data.yaml (a list or a map) and only the labels/ folder's files", async () => {
    const yaml = file('data.yaml', 'path: ../datasets/street\ntrain: images/train\nnames:\n  0: car\n  1: "person"\n');
    const parsed = await readYolo([yaml, file('labels/train/a.txt', '1 0.5 0.5 0.2 0.2\n'), file('README.txt', 'not labels')], new ExportNotes());
    expect(parsed.classes).toEqual(['car', 'person']);
    expect(parsed.images.map((image) => image.ref)).toEqual([{ stem: 'a' }]);
    expect((await readYolo([file('data.yml', 'names: [dog, cat]'), file('b.txt', '')], new ExportNotes())).classes).toEqual(['dog', 'cat']);
  });

  it('reads a segment as its bounding box, and notes lines it cannot read', async () => {
    const notes = new ExportNotes();
    const parsed = await readYolo([classes, file('a.txt', '0 0.1 0.1 0.5 0.2 0.3 0.6\n7 0.5 0.5 0.1 0.1\n0 0.5 half 0.1 0.1\n0 0.5\n')], notes);
    expect(parsed.images[0]?.marks).toEqual([{ kind: 'box', className: 'car', box: { x0: 0.1, y0: 0.1, x1: 0.5, y1: 0.6 } }]);
    expect(notes.list().map((note) => [note.message, note.count])).toEqual([
      ['YOLO segments (polygons) were imported as their bounding boxes.', 1],
      ['YOLO lines whose class number is not in the class list were left out.', 1],
      ["YOLO lines that are not 'class cx cy w h [confidence]' were left out.", 2],
    ]);
  });

  it('needs the classes and the label files', async () => {
    await expectInvalid(() => readYolo([file('a.txt', '0 0.5 0.5 0.1 0.1')], new ExportNotes()), /needs its classes/);
    await expectInvalid(() => readYolo([classes], new ExportNotes()), /needs its label files/);
    await expectInvalid(() => readYolo([file('data.yaml', 'names: [a\n  b: ]: :'), file('a.txt', '')], new ExportNotes()), /not valid YAML/);
  });
});

/** An annotation as LabelImg writes it. */
const LABELIMG_XML = `<annotation verified="yes">
	<folder>images</folder>
	<filename>street_01.jpg</filename>
	<path>/home/me/images/street_01.jpg</path>
	<source><database>Unknown</database></source>
	<size><width>640</width><height>480</height><depth>3</depth></size>
	<segmented>0</segmented>
	<!-- a comment -->
	<object>
		<name>car &amp; van</name>
		<pose>Unspecified</pose><truncated>0</truncated><difficult>0</difficult>
		<bndbox><xmin>10.5</xmin><ymin>20</ymin><xmax>110</xmax><ymax>71</ymax></bndbox>
	</object>
	<object><name>person</name><bndbox><xmin>1</xmin><ymin>2</ymin><xmax>3</xmax><ymax>4</ymax></bndbox><score>0.6</score></object>
	<object><name>broken</name><bndbox><xmin>1</xmin></bndbox></object>
</annotation>`;

describe('parseVoc', () => {
  it('reads each XML annotation: the file name, the stated size, the boxes with their scores', async () => {
    const notes = new ExportNotes();
    const parsed = await readVoc([file('Annotations/street_01.xml', LABELIMG_XML), file('labels.txt', 'bike\n')], notes);
    expect(parsed.classes).toEqual(['bike', 'car & van', 'person']);
    expect(parsed.images).toEqual([
      {
        source: 'Annotations/street_01.xml',
        ref: { fileName: 'street_01.jpg' },
        size: { width: 640, height: 480 },
        units: 'pixels',
        marks: [
          { kind: 'box', className: 'car & van', box: { x0: 10.5, y0: 20, x1: 110, y1: 71 } },
          { kind: 'box', className: 'person', box: { x0: 1, y0: 2, x1: 3, y1: 4 }, probability: 0.6 },
        ],
      },
    ]);
    expect(notes.list()).toEqual([{ message: 'VOC objects without a name or a complete bndbox were left out.', count: 1 }]);
  });

  it('matches by stem when the file name has no extension, or by the XML file name when there is none', async () => {
    const named = await readVoc([file('a.xml', '<annotation><filename>street_02</filename></annotation>'), file('Annotations/b.xml', '<annotation/>')], new ExportNotes());
    expect(named.images.map((image) => image.ref)).toEqual([{ stem: 'street_02' }, { stem: 'b' }]);
  });

  it('refuses XML that is broken or not VOC', async () => {
    await expectInvalid(() => readVoc([file('a.xml', '<annotation><object></annotation>')], new ExportNotes()), /a.xml is not valid XML: The document is not well-formed XML: unexpected close tag/);
    await expectInvalid(() => readVoc([file('a.xml', '<svg></svg>')], new ExportNotes()), /its root is <svg>/);
    await expectInvalid(() => readVoc([file('a.txt', '')], new ExportNotes()), /needs its annotation XML files/);
  });
});

describe('parseCsv', () => {
  it("reads TensorFlow's object-detection CSV: a box per row, grouped by image, with the image's size", async () => {
    const text = 'filename,width,height,class,xmin,ymin,xmax,ymax\nstreet_01.jpg,640,480,car,10.2,20,110,71\nstreet_01.jpg,640,480,person,1,2,3,4\nstreet_02.jpg,640,480,,,,,\n';
    const parsed = await readCsv([file('train_labels.csv', text)], new ExportNotes());
    expect(parsed.classes).toEqual(['car', 'person']);
    expect(parsed.images).toEqual([
      {
        source: 'train_labels.csv line 2',
        ref: { fileName: 'street_01.jpg' },
        size: { width: 640, height: 480 },
        units: 'pixels',
        marks: [
          { kind: 'box', className: 'car', box: { x0: 10.2, y0: 20, x1: 110, y1: 71 } },
          { kind: 'box', className: 'person', box: { x0: 1, y0: 2, x1: 3, y1: 4 } },
        ],
      },
      { source: 'train_labels.csv line 4', ref: { fileName: 'street_02.jpg' }, size: { width: 640, height: 480 }, units: 'pixels', marks: [] },
    ]);
  });

  it('reads points, counts, offsets, classes of the whole image and scores; images by media_id or external_media_id', async () => {
    const text = [
      'media_id,external_media_id,label,x,y,count,offset_x,confidence',
      'med_1,,cat,5,6,,,0.9',
      ',cam-7,dog,,,3,,',
      ',cam-8,dog,,,,12.5,',
      'med_2,,bird,,,,,0.4',
      ',,cat,1,1,,,',
      'med_3,,cat,one,2,,,',
    ].join('\n');
    const notes = new ExportNotes();
    const parsed = await readCsv([file('marks.csv', text), file('manifest.csv', 'file_name,media_id\n')], notes);
    expect(parsed.images.map(({ ref, marks }) => ({ ref, marks }))).toEqual([
      { ref: { mediaId: 'med_1' }, marks: [{ kind: 'point', className: 'cat', x: 5, y: 6, probability: 0.9 }] },
      { ref: { externalMediaId: 'cam-7' }, marks: [{ kind: 'image_value', className: 'dog', name: 'count', value: 3 }] },
      { ref: { externalMediaId: 'cam-8' }, marks: [{ kind: 'image_value', className: 'dog', name: 'offset_x', value: 12.5 }] },
      { ref: { mediaId: 'med_2' }, marks: [{ kind: 'image_category', className: 'bird', probability: 0.4 }] },
    ]);
    expect(notes.list()).toEqual([{ message: 'CSV rows that name no image, or whose coordinates are not numbers, were left out.', count: 2 }]);
  });

  it('needs a header naming the image and the class', async () => {
    await expectInvalid(() => readCsv([file('a.csv', 'x,y\n1,2')], new ExportNotes()), /a.csv needs a header row with a filename/);
    await expectInvalid(() => readCsv([file('manifest.csv', 'file_name,media_id')], new ExportNotes()), /needs its .csv file/);
  });
});
