import { cropBoxIn, type StaticCropSettings } from '../../../src/api/application-types/static-crop';
import type { BoxCoords } from '../../../src/api/types';
import { encodeLikeSource } from '../../media/encode-like';
import { openImage, runImageWork } from '../../media/open-image';
import { MediaSkipped } from '../pipeline-module';

/** The crop of an image, upright as the service stores its size, in its own format (JPEG) or else as PNG, and its box. */
export function cropImage(bytes: Buffer, crop: StaticCropSettings): Promise<{ image: Buffer; extension: 'jpg' | 'png'; box: BoxCoords }> {
  return runImageWork(async () => {
    const { autoOrient, format } = await openImage(bytes).metadata();
    const placed = cropBoxIn(crop, autoOrient.width, autoOrient.height);
    if ('problem' in placed) throw new MediaSkipped(placed.problem);
    const { x0, y0, x1, y1 } = placed.box;
    const cropped = openImage(bytes).extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 });
    return { ...(await encodeLikeSource(cropped, format)), box: placed.box };
  });
}
