import type { DisplayedImage } from '../view/image-cache';
import { imagePoint } from '../geometry/types';
import type { FromRegionWorker, ToRegionWorker } from './region-protocol';
import { RegionFinder } from './region-finder';

/** Stands in for the region worker: records what the page posts and answers like the worker does. */
class FakeWorker {
  static last: FakeWorker | undefined;
  readonly posted: ToRegionWorker[] = [];
  terminated = false;
  private listener: ((event: { data: FromRegionWorker }) => void) | null = null;
  constructor() {
    FakeWorker.last = this;
  }
  addEventListener(type: string, listener: (event: { data: FromRegionWorker }) => void) {
    if (type === 'message') this.listener = listener;
  }
  postMessage(message: ToRegionWorker) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: FromRegionWorker) {
    this.listener?.({ data });
  }
}

const image = (width: number, height: number, url: string, file?: Blob): DisplayedImage => ({ url, width, height, image: {} as ImageBitmap, file });
const region = { box: { x0: 1, y0: 2, x1: 3, y1: 4 }, centroid: { x: 2, y: 3 }, area: 4 };

/** The fetched file, which the worker decodes itself. */
const file = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
/** The copy of the displayed bitmap that the page transfers to the worker when it has no file (an <img>). */
const copy = { width: 4000, height: 3000, close: vi.fn() } as unknown as ImageBitmap;

describe('the region finder (the page side of the worker protocol)', () => {
  beforeEach(() => {
    FakeWorker.last = undefined;
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('createImageBitmap', vi.fn(async () => copy));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the displayed image (its file) and its working size once, then asks about clicks and drawn boxes on it', async () => {
    const finder = new RegionFinder();
    const media = { width: 4000, height: 3000 };
    const shown = image(4000, 3000, '/media-files/a.jpg', file);
    finder.setImage(shown, media);
    finder.setImage(shown, media);
    const found = finder.find({ seed: imagePoint(1700, 1150) });
    const tightened = finder.find({ inside: { x0: 1500, y0: 1000, x1: 2100, y1: 1400 } });
    await vi.waitFor(() => expect(FakeWorker.last?.posted).toHaveLength(3));
    const worker = FakeWorker.last!;
    // Nothing decoded or copied on the page's thread.
    expect(createImageBitmap).not.toHaveBeenCalled();
    expect(worker.posted).toEqual([
      { type: 'image', imageId: 1, source: file, working: { width: 1632, height: 1224 }, media },
      { type: 'find', request: 1, imageId: 1, seed: { x: 1700, y: 1150 } },
      { type: 'find', request: 2, imageId: 1, inside: { x0: 1500, y0: 1000, x1: 2100, y1: 1400 } },
    ]);
    worker.answer({ type: 'found', request: 2, region: null });
    worker.answer({ type: 'found', request: 1, region });
    await expect(found).resolves.toEqual(region);
    await expect(tightened).resolves.toBeNull();
  });

  it('answers null without an image, and to clicks still waiting when it is disposed', async () => {
    const finder = new RegionFinder();
    await expect(finder.find({ seed: imagePoint(1, 1) })).resolves.toBeNull();
    finder.setImage(image(100, 80, '/b.png'), { width: 100, height: 80 });
    const waiting = finder.find({ seed: imagePoint(1, 1) });
    await vi.waitFor(() => expect(FakeWorker.last?.posted.at(-1)?.type).toBe('find'));
    // An image without its file (an <img> decoded ahead) goes as a copy of its pixels, sent before the click.
    expect(createImageBitmap).toHaveBeenCalledTimes(1);
    expect(FakeWorker.last?.posted[0]).toMatchObject({ type: 'image', source: copy });
    finder.dispose();
    await expect(waiting).resolves.toBeNull();
    expect(FakeWorker.last?.terminated).toBe(true);
  });
});
