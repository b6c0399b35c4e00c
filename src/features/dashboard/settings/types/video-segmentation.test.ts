import type { Application } from '../../../../api/schemas/application';
import { changedSettings, formFromApplication, validateSettings } from '../settings-form';
import { sampleApplication } from '../../testing/test-fixtures';
import { segmentationDraft, segmentationFormOf } from './video-segmentation';

const segmenter: Application = sampleApplication({ type: 'video_segmentation', custom_fields: { max_frames: 20, frames_per_second: 2, note: 'kept' } });

describe('the frame settings of a video_segmentation application', () => {
  it('start from its custom_fields and send nothing while unchanged, whatever the key order', () => {
    expect(segmentationFormOf(segmenter.custom_fields)).toEqual({ mode: 'rate', framesPerSecond: '2', everyNthFrame: '10', maxFrames: '20' });
    const form = formFromApplication(segmenter);
    expect(form.typeFields).toBeDefined();
    expect(changedSettings(segmenter, form)).toEqual({});
  });

  it('send every n-th frame in place of the rate, keeping the other custom fields', () => {
    const form = formFromApplication(segmenter);
    form.typeFields = segmentationDraft({ ...segmentationFormOf(segmenter.custom_fields), mode: 'nth', everyNthFrame: '15', maxFrames: '50' });
    expect(changedSettings(segmenter, form)).toEqual({ custom_fields: { note: 'kept', every_nth_frame: 15, max_frames: 50 } });
  });

  it("check the contract's ranges before sending", () => {
    const form = formFromApplication(segmenter);
    form.typeFields = segmentationDraft({ ...segmentationFormOf(segmenter.custom_fields), framesPerSecond: '0', maxFrames: '5000' });
    const errors = validateSettings(form);
    expect(errors['custom_fields.frames_per_second']).toMatch(/from 0.01 to 60/);
    expect(errors['custom_fields.max_frames']).toMatch(/from 1 to 1,000/);
  });

  it('are absent for other types', () => {
    expect(formFromApplication(sampleApplication({ type: 'box_detection' })).typeFields).toBeUndefined();
  });
});
