// The region worker: keeps the displayed image's working copy as Lab, and grows a region for each click.
import type { LabImage } from './lab-image';
import { toLab } from './lab-image';
import { growRegion } from './region';
import type { FromRegionWorker, ToRegionWorker } from './region-protocol';
import { workingMapping } from './working-scale';

const scope = self as unknown as Pick<Worker, 'postMessage' | 'addEventListener'>;

let current: { imageId: number; lab: LabImage; mapping: ReturnType<typeof workingMapping> } | null = null;

/** The bitmap's pixels; null when they cannot be read (a cross-origin image without CORS). */
function pixelsOf(bitmap: ImageBitmap): ImageData | null {
  const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(bitmap, 0, 0);
  try {
    return context.getImageData(0, 0, bitmap.width, bitmap.height);
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}

function receive(message: ToRegionWorker) {
  if (message.type === 'image') {
    const pixels = pixelsOf(message.bitmap);
    current = pixels && { imageId: message.imageId, lab: toLab(pixels), mapping: workingMapping(message.media, pixels) };
    return;
  }
  const image = current?.imageId === message.imageId ? current : null;
  const region = image && growRegion(image.lab, image.mapping.toWorking(message.seed));
  const answer: FromRegionWorker = { type: 'found', request: message.request, region: region && image.mapping.toImage(region) };
  scope.postMessage(answer);
}

scope.addEventListener('message', (event) => receive((event as MessageEvent<ToRegionWorker>).data));
