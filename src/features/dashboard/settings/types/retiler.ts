import { RETILER_SIDE, retilerSettings } from '../../../../api/application-types/retiler';
import { numberSettings } from './number-settings-form';

const side = (key: string, label: string, hint: string) => ({ key, label, unit: 'pixels', min: RETILER_SIDE.min, max: RETILER_SIDE.max, step: 1, hint });

/** retiler: the largest sub-plan a plan is cut (or its tiles recombined) into, and the overlap of neighbours. */
export const retiler = numberSettings({
  legend: 'Sub-plans',
  schema: retilerSettings,
  fields: [
    side('max_width', 'Largest width, max_width', 'A wider plan is cut into columns of at most this width.'),
    side('max_height', 'Largest height, max_height', 'A taller plan is cut into rows of at most this height.'),
    { key: 'overlap', label: 'Overlap', unit: 'pixels', min: 0, max: RETILER_SIDE.max / 2, step: 1, hint: 'Pixels neighbouring sub-plans share, so that an object on a cut is whole in one of them.' },
  ],
});
