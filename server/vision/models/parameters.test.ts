import { describe, expect, it } from 'vitest';
import { COLOUR_WORD_TOLERANCE, DEFAULT_MIN_AREA, DEFAULT_TOLERANCE, parametersFromApplication } from './parameters';

const names = { s1: 'Red bolt', s2: 'Widget', s3: 'Blue-grey washer' };

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
      names,
    );
    expect(parameters).toEqual({
      appearance: { s2: { color: '#00aa11', tolerance: 0.15, min_area: 200, typical_area: 900 } },
      offset_reference: 'centre',
    });
  });

  it('falls back to a colour word in the name, with a wider tolerance, else to an unknown appearance', () => {
    const parameters = parametersFromApplication(
      { type: 'detection_fullframe', output_subjects: ['s1', 's2', 's3'], custom_fields: {} },
      names,
    );
    expect(parameters.appearance['s1']).toEqual({ color: '#c8322c', tolerance: COLOUR_WORD_TOLERANCE, min_area: DEFAULT_MIN_AREA, typical_area: null });
    expect(parameters.appearance['s2']).toBeNull();
    expect(parameters.appearance['s3']?.color).toBe('#2a5fc4');
    expect(parameters.offset_reference).toBe('near_edge');
  });

  it('replaces invalid fields by their defaults', () => {
    const parameters = parametersFromApplication(
      {
        type: 'box_detection',
        output_subjects: ['s1'],
        custom_fields: { appearance: { s1: { color: 'red', tolerance: 7, min_area: -1 } }, offset_reference: 'middle' },
      },
      names,
    );
    expect(parameters.appearance['s1']).toEqual({ color: '#c8322c', tolerance: COLOUR_WORD_TOLERANCE, min_area: DEFAULT_MIN_AREA, typical_area: null });
    expect(parameters.offset_reference).toBe('near_edge');
    const configured = parametersFromApplication(
      { type: 'box_detection', output_subjects: ['s2'], custom_fields: { appearance: { s2: { color: '#123456' } } } },
      names,
    );
    expect(configured.appearance['s2']?.tolerance).toBe(DEFAULT_TOLERANCE);
  });
});
