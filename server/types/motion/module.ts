import { motionSettings } from '../../../src/api/application-types/motion';
import type { ModelProposal } from '../../vision/models/proposal';
import type { ComparedFrame, FrameComparisonModule } from '../frame-comparison-module';
import { decodeGreyFrame } from './grey-frame';
import { movingRegions } from './moving-regions';

const decode = async (frame: ComparedFrame) => decodeGreyFrame(await frame.readBytes(), frame.width, frame.height);

/**
 * motion: the boxes of what moved in a camera's frame since its earlier frames (docs/models.md), a box_set for every
 * output subject, its probability the most confident box's (0 and no boxes when nothing moved). A subject's first
 * frame has nothing to compare with and gets no proposals.
 */
export const motion: FrameComparisonModule = {
  type: 'motion',
  earlierFrames: 3,
  async propose(frame, earlier, outputSubjects, customFields) {
    if (earlier.length === 0) return [];
    const settings = motionSettings.parse(customFields);
    const [current, ...before] = await Promise.all([frame, ...earlier].map(decode));
    const boxes = movingRegions(current!, before, settings);
    const [surest, leastSure] = [boxes[0], boxes.at(-1)];
    return outputSubjects.map((subject_uid): ModelProposal =>
      surest && leastSure
        ? { subject_uid, probability: surest.probability, uncal_prob: leastSure.probability, app_data_type: 'box_set', app_data: boxes }
        : { subject_uid, probability: 0, uncal_prob: 0, app_data_type: null, app_data: null },
    );
  },
};
