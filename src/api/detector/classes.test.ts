import { describe, expect, it } from 'vitest';
import { automaticDetectorClass, COCO_CLASSES, detectorClassOf, detectorClassSetting } from './classes';

describe('automaticDetectorClass', () => {
  it('maps COCO class names, in any case and plural', () => {
    expect(automaticDetectorClass('Person')).toBe('person');
    expect(automaticDetectorClass('traffic lights')).toBe('traffic light');
    expect(automaticDetectorClass('Buses')).toBe('bus');
    expect(automaticDetectorClass('wine-glasses')).toBe('wine glass');
    expect(automaticDetectorClass('orange')).toBe('orange');
  });

  it('maps common synonyms', () => {
    expect(automaticDetectorClass('pedestrian')).toBe('person');
    expect(automaticDetectorClass('Pedestrians')).toBe('person');
    expect(automaticDetectorClass('people')).toBe('person');
    expect(automaticDetectorClass('automobile')).toBe('car');
    expect(automaticDetectorClass('kitty')).toBe('cat');
    expect(automaticDetectorClass('puppies')).toBe('dog');
    expect(automaticDetectorClass('sofa')).toBe('couch');
  });

  it('maps a name by its last word when the whole name is unknown', () => {
    expect(automaticDetectorClass('parked car')).toBe('car');
    expect(automaticDetectorClass('red apples')).toBe('apple');
  });

  it('maps nothing for names the detector does not know', () => {
    for (const name of ['red bolt', 'yellow nut', 'blue washer', 'green marker', 'fill level', 'coin', '', 'scratch']) {
      expect(automaticDetectorClass(name)).toBeNull();
    }
  });

  it('knows every one of the 80 classes by its own name', () => {
    expect(COCO_CLASSES).toHaveLength(80);
    for (const name of COCO_CLASSES) expect(automaticDetectorClass(name)).toBe(name);
  });
});

describe('detectorClassOf', () => {
  it('prefers the explicit setting, and "none" maps to nothing', () => {
    expect(detectorClassOf({ name: 'pedestrian', detector_class: null })).toBe('person');
    expect(detectorClassOf({ name: 'pedestrian', detector_class: 'bicycle' })).toBe('bicycle');
    expect(detectorClassOf({ name: 'pedestrian', detector_class: 'none' })).toBeNull();
    expect(detectorClassOf({ name: 'widget', detector_class: 'cup' })).toBe('cup');
  });

  it('accepts only COCO classes, "none" and null as a setting', () => {
    expect(detectorClassSetting.safeParse('dog').success).toBe(true);
    expect(detectorClassSetting.safeParse(null).success).toBe(true);
    expect(detectorClassSetting.safeParse('none').success).toBe(true);
    expect(detectorClassSetting.safeParse('dragon').success).toBe(false);
  });
});
