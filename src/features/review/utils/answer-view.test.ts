import { describe, expect, it } from 'vitest';
import { mediaFixture } from '../../../testing/api-fixtures';
import { imageUrlFor, marksOf, summaryLines } from './answer-view';

const name = (uid: string) => ({ bolt: 'Bolt', nut: 'Nut' })[uid] ?? uid;

describe('an answer as the review page shows it', () => {
  it('collects the marks of every True subject by its type', () => {
    const boxes = [{ box: { x0: 1, y0: 2, x1: 3, y1: 4 } }];
    expect(marksOf('box_detection', [{ subject_uid: 'bolt', result: 'True', app_data_type: 'box_set', app_data: boxes }])).toEqual({
      boxes: [{ x0: 1, y0: 2, x1: 3, y1: 4 }],
      points: [],
      lines: [],
    });
    expect(marksOf('offset_y', [{ subject_uid: 'bolt', result: 'True', app_data_type: 'offset_y', app_data: 40 }]).lines).toEqual([
      { axis: 'y', at: 40 },
    ]);
    expect(marksOf('point', [{ subject_uid: 'bolt', result: 'False' }])).toEqual({ boxes: [], points: [], lines: [] });
  });

  it('says per subject yes or no, with a number or the count of marks', () => {
    expect(summaryLines('detection_fullframe', [{ subject_uid: 'bolt', result: 'True' }, { subject_uid: 'nut', result: 'False' }], name)).toEqual([
      'Bolt: yes',
      'Nut: no',
    ]);
    expect(summaryLines('static_count', [{ subject_uid: 'bolt', result: 'True', app_data_type: 'count', app_data: 1200 }], name)).toEqual([
      'Bolt: yes · 1,200',
    ]);
    const points = [{ x: 1, y: 1 }, { x: 2, y: 2 }];
    expect(summaryLines('point', [{ subject_uid: 'nut', result: 'True', app_data_type: 'point', app_data: points }], name)).toEqual(['Nut: yes · 2 points']);
    expect(summaryLines('ocr', [{ subject_uid: 'bolt', result: 'True', app_data_type: 'text', app_data: { text: 'LOT 4821-B' } }], name)).toEqual([
      'Bolt: yes · “LOT 4821-B”',
    ]);
  });

  it('picks the smallest resized image wide enough, else the original', () => {
    const media = mediaFixture({ media_url: 'original', resize_urls: { '256': 'small', '1024': 'large', '2048': 'huge' } });
    expect(imageUrlFor(media)).toBe('large');
    expect(imageUrlFor(mediaFixture({ media_url: 'original', resize_urls: { '256': 'small' } }))).toBe('original');
  });
});
