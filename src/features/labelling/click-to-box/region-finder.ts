// The page's side of the region worker: hands it the displayed image once, then asks for the object under clicks.
import type { ImagePoint, Size } from '../geometry/types';
import type { Region } from './region';
import type { FromRegionWorker, ToRegionWorker } from './region-protocol';
import { workingSize } from './working-scale';

/** Whether this browser can search in a worker (jsdom cannot). */
export const canFindRegions = () => typeof Worker !== 'undefined' && typeof createImageBitmap !== 'undefined';

export class RegionFinder {
  private worker: Worker | null = null;
  private image: HTMLImageElement | null = null;
  private imageId = 0;
  private handedOver: Promise<void> = Promise.resolve();
  private nextRequest = 0;
  private readonly waiting = new Map<number, (region: Region | null) => void>();

  /** The displayed image (any resolution) of a media of `media` size; a new one replaces the last. */
  setImage(image: HTMLImageElement | null, media: Size) {
    if (image === this.image || !canFindRegions()) return;
    this.image = image;
    const imageId = ++this.imageId;
    if (!image) return;
    const size = workingSize({ width: image.naturalWidth, height: image.naturalHeight });
    this.handedOver = createImageBitmap(image, { resizeWidth: size.width, resizeHeight: size.height, resizeQuality: 'medium' }).then(
      (bitmap) => this.post({ type: 'image', imageId, bitmap, media }, [bitmap]),
      () => undefined,
    );
  }

  /** The object around `seed` (image pixels), or null; never rejects. */
  async find(seed: ImagePoint): Promise<Region | null> {
    if (!this.image) return null;
    const imageId = this.imageId;
    await this.handedOver;
    const request = ++this.nextRequest;
    return new Promise((resolve) => {
      this.waiting.set(request, resolve);
      this.post({ type: 'find', request, imageId, seed: { x: seed.x, y: seed.y } });
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
