import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { Focus } from '../../../src/api/types';
import { unavailable } from '../../errors';
import { MAX_MEDIA_PIXELS, runImageWork } from '../../media/open-image';
import { clampBox } from '../models/media-box';
import { DETECTOR_INPUT_SIZE, objectsFromRows, type DetectedObject } from './objects';
import type { CenterNetOutput } from './centernet';
import { featureMapOf, type FeatureMap } from './features';
import type { DetectorReply, DetectorRequest } from './worker';

/** At most this many images wait for the detector; more are refused ('unavailable') rather than queued. */
const DETECTOR_QUEUE_LIMIT = 16;

const busy = () => unavailable('The detector is busy; try again in a few seconds.', 5);

interface Waiting {
  resolve: (output: CenterNetOutput) => void;
  reject: (error: Error) => void;
}

/**
 * The pretrained detector, in one worker thread per process that loads the model once and answers one image at a
 * time, so that requests never wait on it. The thread keeps the process alive only while it has work.
 */
class DetectorThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  run(pixels: Uint8Array): Promise<CenterNetOutput> {
    if (this.waiting.size >= DETECTOR_QUEUE_LIMIT) return Promise.reject(busy());
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    if (this.waiting.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, pixels } satisfies DetectorRequest, [pixels.buffer as ArrayBuffer]);
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url));
    worker.unref();
    worker.on('message', (reply: DetectorReply) => {
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if ('error' in reply) waiting.reject(new Error(`The detector failed: ${reply.error}`));
      else waiting.resolve(reply);
    });
    const fail = (error: Error) => {
      this.worker = null;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The detector's thread stopped (exit code ${code}).`)));
    this.worker = worker;
    return worker;
  }
}

const thread = new DetectorThread();

/** The image (or its focus region) as the detector's square RGB input. */
async function detectorInput(image: Buffer, focus?: Focus | null) {
  const metadata = await sharp(image, { limitInputPixels: MAX_MEDIA_PIXELS }).metadata();
  const frame = focus ? clampBox(focus.box, metadata.width, metadata.height) : { x0: 0, y0: 0, x1: metadata.width, y1: metadata.height };
  const pixels = await sharp(image, { limitInputPixels: MAX_MEDIA_PIXELS })
    .extract({ left: frame.x0, top: frame.y0, width: frame.x1 - frame.x0, height: frame.y1 - frame.y0 })
    .removeAlpha()
    .toColourspace('srgb')
    .resize(DETECTOR_INPUT_SIZE, DETECTOR_INPUT_SIZE, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { frame, pixels: new Uint8Array(pixels) };
}

/** What the detector sees in an image (or its focus region). */
export interface DetectorView {
  /** The COCO objects, strongest first, in media pixels. */
  objects: DetectedObject[];
  /** The features the learned head compares (see ./features.ts). */
  features: FeatureMap;
}

async function look(image: Buffer, focus?: Focus | null): Promise<DetectorView> {
  const { frame, pixels } = await runImageWork(() => detectorInput(image, focus));
  const output = await thread.run(pixels);
  return { objects: objectsFromRows(output.rows, frame), features: featureMapOf(output, frame) };
}

/** How many of the latest images' views are kept: one upload is processed by every application taking it as input. */
const RECENT_VIEWS = 8;
const recentViews = new Map<string, Promise<DetectorView>>();

/** What the detector sees; the same image (and focus) asked again soon after, as by several applications, is seen once. */
export function detectorView(image: Buffer, focus?: Focus | null): Promise<DetectorView> {
  const key = `${createHash('md5').update(image).digest('hex')} ${JSON.stringify(focus?.box ?? null)}`;
  const known = recentViews.get(key);
  if (known) return known;
  const view = look(image, focus);
  recentViews.set(key, view);
  view.catch(() => recentViews.delete(key));
  if (recentViews.size > RECENT_VIEWS) recentViews.delete(recentViews.keys().next().value!);
  return view;
}

/** The COCO objects in the image (or its focus region), strongest first, in media pixels. */
export const detectCocoObjects = async (image: Buffer, focus?: Focus | null): Promise<DetectedObject[]> =>
  (await detectorView(image, focus)).objects;
