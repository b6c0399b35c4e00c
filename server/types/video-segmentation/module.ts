import { frameSamplingOf, videoSegmentationSettings } from '../../../src/api/application-types/video-segmentation';
import { extractFrames } from '../../media/video-frames';
import type { PipelineModule } from '../pipeline-module';
import { chooseFrames } from './choose-frames';

/**
 * video_segmentation: each video (or animated GIF) of an input subject becomes frames of its own, taken at the
 * application's rate or every n-th frame (docs/models.md); a still image gives none.
 */
export const videoSegmentation: PipelineModule = {
  type: 'video_segmentation',
  async run(source, customFields) {
    if (!source.video) return { children: [] };
    const settings = videoSegmentationSettings.parse(customFields);
    const frames = await extractFrames(await source.readBytes(), (times) => chooseFrames(times, frameSamplingOf(settings), settings.max_frames));
    return { children: frames.map(({ index, offsetSeconds, image }) => ({ image, frame: index, offsetSeconds, fileSuffix: `frame-${String(index).padStart(6, '0')}.jpg` })) };
  },
};
