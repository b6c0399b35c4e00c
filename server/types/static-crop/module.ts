import { staticCropSettings } from '../../../src/api/application-types/static-crop';
import { MediaSkipped, type PipelineModule } from '../pipeline-module';
import { cropImage } from './crop-image';

/**
 * static_crop: every still image of an input subject gives one child, the part of it at the application's fixed
 * coordinates (docs/api.md), which records its place in the image (a plan's tile); an image the crop does not fit, and
 * a video, are skipped with the reason in the log.
 */
export const staticCrop: PipelineModule = {
  type: 'static_crop',
  async run(source, customFields) {
    if (source.video) throw new MediaSkipped('static_crop crops still images; a video_segmentation application upstream makes a video into frames to crop.');
    const { image, extension, box } = await cropImage(await source.readBytes(), staticCropSettings.parse(customFields));
    return { children: [{ image, frame: 0, offsetSeconds: 0, fileSuffix: `crop.${extension}`, place: { box } }] };
  },
};
