import type { ComponentType } from 'react';
import type { ApplicationType } from '../../../../api/types';
import { CropSettings } from './static-crop';
import { MotionSettings } from './motion';
import { LineSettings } from './line-crossing';
import { ReadingSettings, type TypeSettingsProps } from './ocr';
import { TrackingSettings } from './dynamic-tracking';

/** The settings only some application types have, by type: each a form of its own on the settings page. */
export const TYPE_SETTINGS: Partial<Record<ApplicationType, ComponentType<TypeSettingsProps>>> = {
  ocr: ReadingSettings,
  static_crop: CropSettings,
  motion: MotionSettings,
  dynamic_tracking: TrackingSettings,
  line_crossing: LineSettings,
};
