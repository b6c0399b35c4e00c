import { CROP_COORDINATE_MAX, staticCropSettings } from '../../../../api/application-types/static-crop';
import { numberSettings } from './number-settings-form';

const coordinate = (key: string, label: string, hint: string) => ({ key, label, unit: 'pixels', min: -CROP_COORDINATE_MAX, max: CROP_COORDINATE_MAX, step: 1, hint });

/** static_crop: the fixed box cut out of every input image. */
export const staticCrop = numberSettings({
  legend: 'Crop',
  schema: staticCropSettings,
  fields: [
    coordinate('x0', 'Left edge, x0', 'The first column kept; a negative number counts from the right edge (-100: the last 100 columns).'),
    coordinate('y0', 'Top edge, y0', 'The first row kept; a negative number counts from the bottom edge.'),
    coordinate('x1', 'Right edge, x1', 'The first column left out; -1 keeps everything up to the right edge.'),
    coordinate('y1', 'Bottom edge, y1', 'The first row left out; -1 keeps everything down to the bottom edge.'),
  ],
});
