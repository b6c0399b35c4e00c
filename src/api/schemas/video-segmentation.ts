// The settings page's video_segmentation part reads the rule here; it lives with the type's manifest.
export { videoSegmentationSettings } from '../application-types/video-segmentation';
