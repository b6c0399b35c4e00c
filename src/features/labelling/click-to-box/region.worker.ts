// The region worker: keeps the displayed image's working copy as Lab, and grows a region for each click.
import type { LabImage } from './lab-image';
import { toLab } from './lab-image';
import { growRegion } from './region';
import type { FromRegionWorker, ToRegionWorker } from './region-protocol';
import { workingMapping } from './working-scale';

type ImageMessage = Extract<ToRegionWorker, { type: 'image' }>;
interface Prepared {
  readonly imageId: number;
  readonly lab: LabImage;
  readonly mapping: ReturnType<typeof workingMapping>;
}

const scope = self as unknown as Pick<Worker, 'postMessage' | 'addEventListener'>;

/** The image as Lab at its working size; null when its pixels cannot be read (cross-origin without CORS). */
async function prepare({ imageId, bitmap, working, media }: ImageMessage): Promise<Prepared | null> {
  try {
    const scaled = await createImageBitmap(bitmap, { resizeWidth: working.width, resizeHeight: working.height, resizeQuality: 'medium' });
    const context = new OffscreenCanvas(working.width, working.height).getContext('2d', { willReadFrequently: true })!;
    context.drawImage(scaled, 0, 0);
    scaled.close();
    const pixels = context.getImageData(0, 0, working.width, working.height);
    return { imageId, lab: toLab(pixels), mapping: workingMapping(media, working) };
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}

let current: Promise<Prepared | null> = Promise.resolve(null);

async function receive(message: ToRegionWorker) {
  if (message.type === 'image') {
    current = prepare(message);
    return;
  }
  const prepared = await current;
  const image = prepared?.imageId === message.imageId ? prepared : null;
  const region = image && growRegion(image.lab, image.mapping.toWorking(message.seed));
  const answer: FromRegionWorker = { type: 'found', request: message.request, region: region && image.mapping.toImage(region) };
  scope.postMessage(answer);
}

scope.addEventListener('message', (event) => void receive((event as MessageEvent<ToRegionWorker>).data));
