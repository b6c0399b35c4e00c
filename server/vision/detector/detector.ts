import { createHash } from 'node:crypto';
import type { BoxCoords, Focus } from '../../../src/api/types';
import { DETECTOR_INPUT_SIZE, objectsFromRows, type DetectedObject } from './objects';
import type { CenterNetOutput } from './centernet';
import { featureMapOf, type FeatureMap } from './features';
import { squareInput } from '../model-input';
import { ModelThread } from '../model-thread';

/** The pretrained detector, in a thread of its own; at most 16 images wait for it. */
const thread = new ModelThread<Uint8Array, CenterNetOutput>({ name: 'the detector', entry: new URL('./worker-entry.mjs', import.meta.url), queueLimit: 16 });

/** What the detector sees in an image (or its focus region). */
export interface DetectorView {
  /** The COCO objects, strongest first, in media pixels. */
  objects: DetectedObject[];
  /** The features the learned head compares (see ./features.ts). */
  features: FeatureMap;
}

/**
 * The image drawn in the middle 352 × 352 pixels of the input, black around it, for a second look: objects that fill
 * the frame or touch its edge are found far more often so (docs/models.md, "The detector's second look").
 */
const FRAMED_BORDER = 80;
/** The first look's strongest object covering this share of the frame fills it: a second, framed look boxes it better. */
const FILLS_FRAME = 0.4;
/** A first look with no object this likely found nothing worth showing (raw score; box_detection shows from 0.25 calibrated). */
const FOUND_SCORE = 0.3;

const area = (box: BoxCoords) => (box.x1 - box.x0) * (box.y1 - box.y0);

/** Whether the first look calls for a framed one: it found nothing, or its strongest object fills the frame. */
export function needsFramedLook(objects: readonly DetectedObject[], frame: BoxCoords): boolean {
  const [strongest] = objects;
  return !strongest || strongest.score < FOUND_SCORE || area(strongest.box) >= FILLS_FRAME * area(frame);
}

async function objectsSeen(image: Buffer, focus: Focus | null | undefined, border: number) {
  const { frame, placement, pixels } = await squareInput(image, focus, DETECTOR_INPUT_SIZE, border);
  const output = await thread.run(pixels, [pixels.buffer as ArrayBuffer]);
  return { frame, output, objects: objectsFromRows(output.rows, frame, placement) };
}

/**
 * The image stretched to the whole input, as the detector was trained; where that finds nothing, or one object that
 * fills the frame, the objects of a second look with a border instead. Small objects (walkers in a street clip,
 * a ball) are seen steadier without the border, so it is never the first look. The learned head reads the first.
 */
async function look(image: Buffer, focus?: Focus | null): Promise<DetectorView> {
  const first = await objectsSeen(image, focus, 0);
  const features = featureMapOf(first.output, first.frame);
  if (!needsFramedLook(first.objects, first.frame)) return { objects: first.objects, features };
  return { objects: (await objectsSeen(image, focus, FRAMED_BORDER)).objects, features };
}

/**
 * How many of the latest images' views are kept (about 1.2 MB each): one upload is processed by every application taking
 * it as input, and a release reads its training and held-out images again that the last one read (the demo's release
 * history took 111 s with 8 kept, 48 s with 32).
 */
const RECENT_VIEWS = 32;
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
