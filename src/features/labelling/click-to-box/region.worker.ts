// The region worker: keeps the displayed image's working copy, and segments it with GrabCut for each request.
// OpenCV.js (its own chunk, about 13 MB) is loaded when the page asks it to warm up, else on the first request.
import { GrabCutImage } from './grabcut';
import { loadOpenCv } from './opencv';
import type { Region } from '../contract/region';
import type { FromRegionWorker, ToRegionWorker } from './region-protocol';
import { workingMapping } from './working-scale';

type ImageMessage = Extract<ToRegionWorker, { type: 'image' }>;
type FindMessage = Extract<ToRegionWorker, { type: 'find' }>;
interface Prepared {
  readonly imageId: number;
  readonly pixels: ImageData;
  readonly mapping: ReturnType<typeof workingMapping>;
  /** Made on the first request of this image, once OpenCV is there. */
  segmenter?: GrabCutImage;
}

const scope = self as unknown as Pick<Worker, 'postMessage' | 'addEventListener'>;

/** The image's pixels at their working size; null when they cannot be read (cross-origin without CORS). */
async function prepare({ imageId, source, working, media }: ImageMessage): Promise<Prepared | null> {
  try {
    const scaled = await createImageBitmap(source, { resizeWidth: working.width, resizeHeight: working.height, resizeQuality: 'medium' });
    const context = new OffscreenCanvas(working.width, working.height).getContext('2d', { willReadFrequently: true })!;
    context.drawImage(scaled, 0, 0);
    scaled.close();
    return { imageId, pixels: context.getImageData(0, 0, working.width, working.height), mapping: workingMapping(media, working) };
  } catch {
    return null;
  } finally {
    if (source instanceof ImageBitmap) source.close();
  }
}

let current: Promise<Prepared | null> = Promise.resolve(null);

async function find(message: FindMessage): Promise<Region | null> {
  const prepared = await current;
  if (prepared?.imageId !== message.imageId) return null;
  const cv = await loadOpenCv();
  if ((await current) !== prepared) return null; // another image came meanwhile
  prepared.segmenter ??= new GrabCutImage(cv, prepared.pixels);
  const { mapping, segmenter } = prepared;
  const region =
    'seed' in message
      ? segmenter.objectAt(mapping.toWorking(message.seed))
      : segmenter.objectInside(mapping.boxToWorking(message.inside));
  return region && mapping.toImage(region);
}

async function receive(message: ToRegionWorker) {
  if (message.type === 'warm-up') return void loadOpenCv().catch(() => {});
  if (message.type === 'image') {
    void current.then((previous) => previous?.segmenter?.dispose());
    current = prepare(message);
    return;
  }
  const region = await find(message).catch(() => null);
  scope.postMessage({ type: 'found', request: message.request, region } satisfies FromRegionWorker);
}

scope.addEventListener('message', (event) => void receive((event as MessageEvent<ToRegionWorker>).data));
