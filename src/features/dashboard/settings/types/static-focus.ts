import { FOCUS_COORDINATE_MAX, staticFocusSettings } from '../../../../api/application-types/static-focus';
import { numberSettings } from './number-settings-form';

const coordinate = (key: string, label: string, hint: string) => ({ key, label, unit: 'pixels', min: 0, max: FOCUS_COORDINATE_MAX, step: 1, hint });

/** static_focus: the fixed focus every input media item goes on with. */
export const staticFocus = numberSettings({
  legend: 'Focus',
  schema: staticFocusSettings,
  fields: [
    coordinate('x0', 'Left edge, x0', 'The first column of the focus.'),
    coordinate('y0', 'Top edge, y0', 'The first row of the focus.'),
    coordinate('x1', 'Right edge, x1', 'The first column after the focus; beyond the right edge it is set to the edge.'),
    coordinate('y1', 'Bottom edge, y1', 'The first row after the focus; beyond the bottom edge it is set to the edge.'),
    {
      key: 'constant_focus_box_size',
      label: 'Keep the box size',
      unit: '0 or 1',
      min: 0,
      max: 1,
      step: 1,
      hint: '1: a box beyond an edge moves inside and keeps its size; 0: it is cut at the edge. Beyond every edge, no focus.',
    },
  ],
});
