import type { ApplicationType } from '../../../../api/types';
import { dynamicTracking } from './dynamic-tracking';
import { lineCrossing } from './line-crossing';
import { motion } from './motion';
import { networkCamera } from './network-camera';
import { nsfw } from './nsfw';
import { ocr } from './ocr';
import { retiler } from './retiler';
import { socialFeed } from './social-feed';
import { staticCrop } from './static-crop';
import { staticFocus } from './static-focus';
import type { TypeSettings } from './type-settings';
import { videoSegmentation } from './video-segmentation';

/** A type whose settings are only those every application has. */
const COMMON_ONLY: TypeSettings = {};

/** Each application type's part of the settings page; a type left out does not compile. */
export const TYPE_SETTINGS: Readonly<Record<ApplicationType, TypeSettings>> = {
  classification: COMMON_ONLY,
  detection_fullframe: COMMON_ONLY,
  box_detection: COMMON_ONLY,
  static_count: COMMON_ONLY,
  offset_x: COMMON_ONLY,
  offset_y: COMMON_ONLY,
  point: COMMON_ONLY,
  ocr,
  motion,
  network_camera: networkCamera,
  social_feed: socialFeed,
  video_segmentation: videoSegmentation,
  static_crop: staticCrop,
  dynamic_tracking: dynamicTracking,
  line_crossing: lineCrossing,
  retiler,
  static_focus: staticFocus,
  nsfw,
};
