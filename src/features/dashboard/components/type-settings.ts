import type { ComponentType } from 'react';
import type { ApplicationType } from '../../../api/types';
import { CropSettings } from './crop-settings';
import { MotionSettings } from './motion-settings';
import { LineSettings } from './line-settings';
import { ReadingSettings, type TypeSettingsProps } from './reading-settings';
import { TrackingSettings } from './tracking-settings';

/** The settings only some application types have, by type: each a form of its own on the settings page. */
export const TYPE_SETTINGS: Partial<Record<ApplicationType, ComponentType<TypeSettingsProps>>> = {
  ocr: ReadingSettings,
  static_crop: CropSettings,
  motion: MotionSettings,
  dynamic_tracking: TrackingSettings,
  line_crossing: LineSettings,
};
