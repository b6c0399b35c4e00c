import { describe, expect, it } from 'vitest';
import { APPEARANCE } from '../../src/api/schemas/appearance';
import { DEFAULT_MIN_AREA, withDetectorClasses } from '../vision/models/parameters';
import { parametersFromApplication } from './model-parameters';

const subjects = {
  s1: { name: 'Red bolt', detector_class: null },
  s2: { name: 'Widget', detector_class: null },
  s3: { name: 'orange', detector_class: null },
  s4: { name: 'Pedestrians', detector_class: 'none' as const },
  s5: { name: 'Widget', detector_class: 'cup' as const },
};

describe('parametersFromApplication', () => {
  it('takes the configured appearance and offset reference', () => {
    const parameters = parametersFromApplication(
      {
        type: 'offset_x',
        output_subjects: ['s2'],
        custom_fields: {
          appearance: { s2: { color: '#00AA11', tolerance: 0.15, min_area: 200, typical_area: 900 } },
          offset_reference: 'centre',
        },
      },
      subjects,
    );
    expect(parameters).toEqual({
      detector_class: { s2: null },
      appearance: { s2: { color: '#00aa11', tolerance: 0.15, min_area: 200, typical_area: 900 } },
      offset_reference: 'centre',
    });
  });

  it('maps subjects to detector classes by setting or name, and never reads a colour from a name', () => {
    const parameters = parametersFromApplication(
      { type: 'detection_fullframe', output_subjects: ['s1', 's2', 's3', 's4', 's5'], custom_fields: {} },
      subjects,
    );
    expect(parameters.detector_class).toEqual({ s1: null, s2: null, s3: 'orange', s4: null, s5: 'cup' });
    expect(Object.values(parameters.appearance)).toEqual([null, null, null, null, null]);
  });

  // the offset reference is the offset types' own parameter (server/types/offset/module.ts)
  it('gives an offset the near edge as its reference when its application sets none', () => {
    const parameters = parametersFromApplication({ type: 'offset_y', output_subjects: ['s1'], custom_fields: {} }, subjects);
    expect(parameters.offset_reference).toBe('near_edge');
  });

  it('replaces an offset reference that is none of them by the near edge', () => {
    const parameters = parametersFromApplication({ type: 'offset_x', output_subjects: ['s1'], custom_fields: { offset_reference: 'middle' } }, subjects);
    expect(parameters.offset_reference).toBe('near_edge');
  });

  it('gives a release\'s parameters the subjects\' current mapping', () => {
    const released = { appearance: { s2: null }, offset_reference: 'near_edge' as const };
    expect(withDetectorClasses(released, { s2: { name: 'kitty', detector_class: null } }).detector_class).toEqual({ s2: 'cat' });
    expect(withDetectorClasses(released, {}).detector_class).toEqual({ s2: null });
  });

  it('replaces invalid fields by their defaults, and an invalid colour by none', () => {
    const parameters = parametersFromApplication(
      {
        type: 'box_detection',
        output_subjects: ['s1'],
        custom_fields: { appearance: { s1: { color: 'red', tolerance: 7, min_area: -1 } }, offset_reference: 'middle' },
      },
      subjects,
    );
    expect(parameters.appearance['s1']).toBeNull();
    const configured = parametersFromApplication(
      { type: 'box_detection', output_subjects: ['s2'], custom_fields: { appearance: { s2: { color: '#123456', min_area: -1 } } } },
      subjects,
    );
    expect(configured.appearance['s2']).toEqual({ color: '#123456', tolerance: APPEARANCE.tolerance.default, min_area: DEFAULT_MIN_AREA, typical_area: null });
  });
});
