import { MOTION_MIN_AREA, MOTION_SENSITIVITY, motionSettings } from '../../../../api/application-types/motion';
import { numberSettings } from './number-settings-form';

/** motion: how readily a change counts as motion, and how large it must be to get a box. */
export const motion = numberSettings({
  legend: 'Motion',
  schema: motionSettings,
  fields: [
    {
      key: 'sensitivity',
      label: 'Sensitivity',
      unit: '0 to 1',
      min: MOTION_SENSITIVITY.min,
      max: MOTION_SENSITIVITY.max,
      step: 0.05,
      hint: 'Higher: fainter changes count as motion (and so do more flickers of light).',
    },
    {
      key: 'min_area',
      label: 'Smallest moving region',
      unit: 'pixels',
      min: MOTION_MIN_AREA.min,
      max: MOTION_MIN_AREA.max,
      step: 1,
      hint: 'Regions of fewer moving pixels of the image get no box.',
    },
  ],
});
