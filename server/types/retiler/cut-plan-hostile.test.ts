import { describe, expect, it } from 'vitest';
import { retilerSettings } from '../../../src/api/application-types/retiler';
import { makePhotoLikeJpeg } from '../../media/test-images';
import { jpegClaimingSize } from '../../testing/hostile-files';
import { MediaSkipped, type SourceMedia } from '../pipeline-module';
import { cutPlan } from './cut-plan';
import { retiler } from './module';
import { planGrid } from './plan-grid';

// A plan whose header claims more pixels than its data holds (issue 37: 14,000 × 14,000 in a few KB was cut into 16
// grey sub-plans, libjpeg having made the missing rows up): the retiler refuses it and says why.

const SIZE = 6000;

describe('the retiler and a plan whose pixel data ends early', () => {
  it('cuts no grey sub-plans: the cut refuses the plan as incomplete', async () => {
    const lying = jpegClaimingSize(await makePhotoLikeJpeg(160, 120), SIZE, SIZE);
    const cells = planGrid(SIZE, SIZE, retilerSettings.parse({ max_width: 4096, max_height: 4096 }));
    await expect(cutPlan(lying, cells.map((cell) => cell.box))).rejects.toThrow('its pixel data ends before the size its header declares');
  });

  it('passes the plan by, saying why', async () => {
    const bytes = jpegClaimingSize(await makePhotoLikeJpeg(160, 120), SIZE, SIZE);
    const source: SourceMedia = { mediaId: 'med_plan', width: SIZE, height: SIZE, video: false, placeInPlan: null, readBytes: async () => bytes, tilesOfItsPlan: async () => [] };
    const outcome = retiler.run(source, { max_width: 4096, max_height: 4096 });
    await expect(outcome).rejects.toBeInstanceOf(MediaSkipped);
    await expect(outcome).rejects.toThrow('The plan is not cut: The image file is incomplete: its pixel data ends before the size its header declares.');
  });
});
