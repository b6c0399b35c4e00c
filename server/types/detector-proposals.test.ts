import { describe, expect, it } from 'vitest';
import type { CocoClass } from '../../src/api/detector/classes';
import type { BoxRegion } from '../../src/api/application-types/answer';
import type { DetectedObject } from '../vision/detector/objects';
import type { AnalysisImage } from '../vision/models/analysis-image';
import { calibrateDetectorScore } from '../vision/models/calibration';
import type { ModelParameters } from '../vision/models/parameters';
import { moduleOf } from './registry';

const object = (cocoClass: CocoClass, score: number, x0: number, y0: number, x1: number, y1: number): DetectedObject => ({
  class: cocoClass,
  score,
  box: { x0, y0, x1, y1 },
});

/** A 640×480 photo as the detector saw it: two people, a doubtful third, a car, and a weak cat. */
const objects = [
  object('person', 0.7, 100, 50, 200, 400),
  object('person', 0.55, 300, 60, 380, 420),
  object('car', 0.6, 400, 200, 630, 380),
  object('person', 0.36, 10, 100, 60, 300),
  object('cat', 0.12, 500, 400, 560, 470),
];

const image: AnalysisImage = {
  width: 1,
  height: 1,
  lab: new Float32Array(3),
  mediaWidth: 640,
  mediaHeight: 480,
  region: { x0: 0, y0: 0, x1: 640, y1: 480 },
  scaleX: 640,
  scaleY: 480,
  objects,
  features: null,
  analysis: null,
};

const parameters = {
  detector_class: { people: 'person', cars: 'car', cats: 'cat', widgets: null },
  appearance: { people: null, cars: null, cats: null, widgets: null },
  offset_reference: 'near_edge',
} as const satisfies ModelParameters & { offset_reference: string };

describe('proposals from the detector', () => {
  it('box_detection: the boxes of every output subject, doubtful ones marked', () => {
    const [people, cars] = moduleOf('box_detection').propose(image, ['people', 'cars'], parameters);
    expect((people?.app_data as BoxRegion[]).map((region) => region.box.x0)).toEqual([100, 300, 10]);
    expect((people?.app_data as BoxRegion[])[2]?.probability).toBeLessThan(0.5);
    expect(people?.probability).toBeCloseTo(calibrateDetectorScore(0.7));
    expect(cars?.subject_uid).toBe('cars');
    expect((cars?.app_data as BoxRegion[]).map((region) => region.box)).toEqual([{ x0: 400, y0: 200, x1: 630, y1: 380 }]);
  });

  it('point: the centres of the confident boxes', () => {
    const [people] = moduleOf('point').propose(image, ['people'], parameters);
    expect(people?.app_data).toEqual([{ x: 150, y: 225 }, { x: 340, y: 240 }]);
  });

  it('static_count: the confident boxes, one object each, counted at their centres', () => {
    const [people, cars, cats] = moduleOf('static_count').propose(image, ['people', 'cars', 'cats'], parameters);
    expect([people?.app_data, cars?.app_data, cats?.app_data]).toEqual([2, 1, 0]);
    expect([people?.counted, cars?.counted, cats?.counted]).toEqual([[{ x: 150, y: 225 }, { x: 340, y: 240 }], [{ x: 515, y: 290 }], []]);
  });

  it('offset_x and offset_y: the nearest edge of the confident boxes, or another reference', () => {
    expect(moduleOf('offset_x').propose(image, ['people'], parameters)[0]?.app_data).toBe(100);
    expect(moduleOf('offset_y').propose(image, ['people'], parameters)[0]?.app_data).toBe(50);
    const farEdge = { ...parameters, offset_reference: 'far_edge' as const };
    expect(moduleOf('offset_x').propose(image, ['people'], farEdge)[0]?.app_data).toBe(380);
  });

  it('detection_fullframe: presence is the best box of the class; unknown subjects stay at even odds', () => {
    const proposals = moduleOf('detection_fullframe').propose(image, ['people', 'cats', 'widgets'], parameters);
    expect(proposals.map((proposal) => proposal.probability)).toEqual([calibrateDetectorScore(0.7), calibrateDetectorScore(0.12), 0.5]);
  });

  it('classification: the subject whose class scores best, with shares that sum to one', () => {
    const [best] = moduleOf('classification').propose(image, ['cats', 'people', 'cars'], parameters);
    expect(best?.subject_uid).toBe('people');
    expect(best?.probability).toBeGreaterThan(0.6);
  });

  it('proposes no box for a mapped class the detector did not find', () => {
    const [dogs] = moduleOf('box_detection').propose(image, ['dogs'], { ...parameters, detector_class: { dogs: 'dog' } });
    expect(dogs?.app_data).toEqual([]);
    expect(dogs?.probability).toBeLessThan(0.1);
  });
});
