// The page's side of the region worker: tells it which image is displayed, then asks for the object under clicks.
import type { DisplayedImage } from '../view/image-cache';
import type { Size } from '../geometry/types';
import type { RegionQuery } from '../contract/tool-events';
import type { Region } from '../contract/region';
import type { FromRegionWorker, ToRegionWorker } from './region-protocol';
import { workingSize } from './working-scale';

/** Whether this browser can search in a worker (jsdom cannot). */
export const canFindRegions = () => typeof Worker !== 'undefined';

export class RegionFinder {
  private worker: Worker | null = null;
  private image: DisplayedImage | null = null;
  private imageId = 0;
  /** Settles once the current image is on its way to the worker: a click never overtakes its image. */
  private imageSent: Promise<void> = Promise.resolve();
  private nextRequest = 0;
  private readonly waiting = new Map<number, (region: Region | null) => void>();

  /** The displayed image (any resolution) of a media of `media` size; a new one replaces the last. */
  setImage(image: DisplayedImage | null, media: Size) {
    if (image?.url === this.image?.url || !canFindRegions()) return;
    this.image = image;
    const imageId = ++this.imageId;
    if (!image) return;
    const working = workingSize({ width: image.width, height: image.height });
    const { file } = image;
    if (file) {
      this.imageSent = Promise.resolve();
      return this.post({ type: 'image', imageId, source: file, working, media });
    }
    // A copy to transfer (the canvas keeps drawing its own); the worker scales it down.
    this.imageSent = createImageBitmap(image.image).then(
      (bitmap) => {
        if (imageId !== this.imageId || !this.image) return bitmap.close();
        this.post({ type: 'image', imageId, source: bitmap, working, media }, [bitmap]);
      },
      // Pixels that cannot be read (another origin without CORS): clicks then find nothing, as in the worker.
      () => {},
    );
  }

  /** Loads OpenCV.js in the worker now: a first click then waits for GrabCut alone, not for its loading (seconds). */
  warmUp() {
    if (canFindRegions()) this.post({ type: 'warm-up' });
  }

  /** The object around a click or inside a drawn box (image pixels), or null; never rejects. */
  find(query: RegionQuery): Promise<Region | null> {
    if (!this.image) return Promise.resolve(null);
    const request = ++this.nextRequest;
    const imageId = this.imageId;
    const what = 'seed' in query ? { seed: { x: query.seed.x, y: query.seed.y } } : { inside: { ...query.inside } };
    return new Promise((resolve) => {
      this.waiting.set(request, resolve);
      void this.imageSent.then(() => this.post({ type: 'find', request, imageId, ...what }));
    });
  }

  dispose() {
    this.worker?.terminate();
    this.worker = null;
    this.image = null;
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
  }

  private post(message: ToRegionWorker, transfer: Transferable[] = []) {
    this.worker ??= this.startWorker();
    this.worker.postMessage(message, transfer);
  }

  private startWorker() {
    const worker = new Worker(new URL('./region.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', ({ data }: MessageEvent<FromRegionWorker>) => {
      this.waiting.get(data.request)?.(data.region);
      this.waiting.delete(data.request);
    });
    worker.addEventListener('error', () => this.dispose());
    return worker;
  }
}
