import { describe, expect, it } from 'vitest';
import type { FeedbackSubjectAnswer } from '../../src/api/application-types/answer';
import { LABELLABLE_TYPES } from '../../src/api/types';
import type { ResultPlace, ServerResult } from './model-server-part';
import { moduleOf } from './registry';

const place: ResultPlace = { width: 200, height: 100, subjects: new Map([['Bolt', 'sub_bolt'], ['Nut', 'sub_nut']]) };
const partOf = (type: (typeof LABELLABLE_TYPES)[number]) => moduleOf(type).modelServer!;
const result = (from_name: string, type: string, value: Record<string, unknown>, score?: number): ServerResult => ({ from_name, to_name: 'image', type, value, ...(score === undefined ? {} : { score }) });

describe("each labellable type's part of the ML backend protocol", () => {
  it('every labellable type has one', () => {
    expect(LABELLABLE_TYPES.filter((type) => !moduleOf(type).modelServer)).toEqual([]);
  });

  it.each([
    ['box_detection', '<RectangleLabels name="label" toName="image"><Label value="Bolt"/><Label value="Nut"/></RectangleLabels>'],
    ['point', '<KeyPointLabels name="label" toName="image"><Label value="Bolt"/><Label value="Nut"/></KeyPointLabels>'],
    ['classification', '<Choices name="choice" toName="image" choice="single"><Choice value="Bolt"/><Choice value="Nut"/></Choices>'],
    ['detection_fullframe', '<Choices name="choice" toName="image" choice="multiple"><Choice value="Bolt"/><Choice value="Nut"/></Choices>'],
    ['static_count', '<Number name="count" toName="image" min="0"/>'],
    ['offset_x', '<Number name="offset_x" toName="image" min="0"/>'],
    ['ocr', '<Rectangle name="bbox" toName="image"/><TextArea name="transcription" toName="image" perRegion="true" editable="true"/>'],
  ] as const)('%s is told %s', (type, controls) => {
    expect(partOf(type).controls(['Bolt', 'Nut'])).toBe(controls);
  });

  it('escapes subject names in the config', () => {
    expect(partOf('box_detection').controls(['a "quoted" <name> & co'])).toContain('value="a &quot;quoted&quot; &lt;name&gt; &amp; co"');
  });

  it('maps rectangles in percent to boxes in pixels, by label, with their scores', () => {
    const { proposals, dropped } = partOf('box_detection').fromResults([result('label', 'rectanglelabels', { x: 10, y: 20, width: 50, height: 30, rotation: 0, rectanglelabels: ['Nut'] }, 0.7)], place);
    expect(dropped).toEqual([]);
    expect(proposals).toEqual([
      expect.objectContaining({ subject_uid: 'sub_bolt', probability: 0, app_data_type: null, app_data: null }),
      expect.objectContaining({ subject_uid: 'sub_nut', probability: 0.7, app_data_type: 'box_set', app_data: [{ box: { x0: 20, y0: 20, x1: 120, y1: 50 }, probability: 0.7 }] }),
    ]);
  });

  it('maps keypoints to points, choices to presence, numbers to counts and offsets, text to a reading', () => {
    expect(partOf('point').fromResults([result('label', 'keypointlabels', { x: 50, y: 50, keypointlabels: ['Bolt'] }, 0.6)], place).proposals[0]).toMatchObject({ subject_uid: 'sub_bolt', probability: 0.6, app_data_type: 'point', app_data: [{ x: 100, y: 50 }] });
    expect(partOf('classification').fromResults([result('choice', 'choices', { choices: ['Nut'] }, 0.8)], place).proposals).toEqual([expect.objectContaining({ subject_uid: 'sub_nut', probability: 0.8 })]);
    expect(partOf('detection_fullframe').fromResults([result('choice', 'choices', { choices: ['Nut'] }, 0.8)], place).proposals.map((p) => p.probability)).toEqual([0, 0.8]);
    expect(partOf('static_count').fromResults([result('count', 'number', { number: 4 }, 0.9)], place).proposals[0]).toMatchObject({ subject_uid: 'sub_bolt', app_data_type: 'count', app_data: 4 });
    expect(partOf('offset_y').fromResults([result('offset_y', 'number', { number: 101 })], place).dropped).toEqual(['a offset_y that is not a whole number from 0 to 100']);
    const read = partOf('ocr').fromResults([result('transcription', 'textarea', { text: ['HELLO', ' world '] }, 0.5)], place);
    expect(read.proposals[0]).toMatchObject({ app_data_type: 'text', app_data: { text: 'HELLO world', confidence: 0.5 } });
  });

  it('gives an answer back as results in the same tags, in percent', () => {
    const answer: FeedbackSubjectAnswer = { subject_uid: 'sub_nut', result: 'True', app_data_type: 'box_set', app_data: [{ box: { x0: 20, y0: 20, x1: 120, y1: 50 } }] };
    expect(partOf('box_detection').toResults(answer, place)).toEqual([
      expect.objectContaining({ from_name: 'label', to_name: 'image', type: 'rectanglelabels', value: { x: 10, y: 20, width: 50, height: 30, rotation: 0, rectanglelabels: ['Nut'] } }),
    ]);
    expect(partOf('classification').toResults({ subject_uid: 'sub_bolt', result: 'True' }, place)).toEqual([expect.objectContaining({ type: 'choices', value: { choices: ['Bolt'] } })]);
    expect(partOf('static_count').toResults({ subject_uid: 'sub_bolt', result: 'True', app_data_type: 'count', app_data: 3 }, place)).toEqual([expect.objectContaining({ type: 'number', value: { number: 3 } })]);
  });
});
