import sharp from 'sharp';
import type { BoxCoords, Focus } from '../../../src/api/types';
import { MAX_MEDIA_PIXELS, runImageWork } from '../../media/open-image';
import { clampBox } from '../models/media-box';
import { ModelThread } from '../model-thread';
import type { RgbImage } from './colour-histogram';
import type { FoundObject } from './like-exemplars';
import { LARGE_TEMPLATE_SIDE, TEMPLATE_SIDE, templateImage, templateOf, typicalWholeObjects, type ExemplarTemplate } from './templates';
import type { ExemplarTask } from './worker';

/**
 * The searched image is at least this many pixels on its shorter side, as long as an object's template stays within
 * LARGE_TEMPLATE_SIDE: an object that fills much of the frame keeps some of its texture (a chessboard's squares).
 */
const MIN_SEARCH_SIDE = 96;
/** The searched image has at most this many pixels (tiny exemplars in a huge photo are searched coarser). */
const MAX_SEARCH_PIXELS = 120_000;
/** Remembered exemplars are looked for at these scales of the size they had (another image, another distance). */
const REMEMBERED_SCALES = [0.6, 0.72, 0.85, 1, 1.18, 1.4, 1.65];
/** At most this many remembered exemplars are looked for in one image (the newest): each costs as much as the image. */
const REMEMBERED_SEARCHED = 4;

const thread = new ModelThread<ExemplarTask, FoundObject[]>({
  name: 'the exemplar search',
  entry: new URL('./exemplar-worker-entry.mjs', import.meta.url),
  queueLimit: 16,
});

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 1;

/** The analysed region (the image, or its focus), shrunk so that objects `side` media pixels across are TEMPLATE_SIDE. */
interface SearchImage {
  region: BoxCoords;
  /** Search pixels per media pixel. */
  scale: { x: number; y: number };
  image: RgbImage;
}

export async function searchImage(bytes: Buffer, focus: Focus | null | undefined, side: (region: BoxCoords) => number): Promise<SearchImage> {
  return runImageWork(async () => {
    const { width, height } = await sharp(bytes, { limitInputPixels: MAX_MEDIA_PIXELS }).metadata();
    const region = focus ? clampBox(focus.box, width, height) : { x0: 0, y0: 0, x1: width, y1: height };
    const area = (region.x1 - region.x0) * (region.y1 - region.y0);
    const objectSide = Math.max(1, side(region));
    // objects large in the frame are searched finer, for their texture, up to LARGE_TEMPLATE_SIDE
    const fine = Math.min(LARGE_TEMPLATE_SIDE / objectSide, MIN_SEARCH_SIDE / Math.min(region.x1 - region.x0, region.y1 - region.y0));
    const scale = Math.min(1, Math.max(TEMPLATE_SIDE / objectSide, fine), Math.sqrt(MAX_SEARCH_PIXELS / area));
    const size = { width: Math.max(1, Math.round((region.x1 - region.x0) * scale)), height: Math.max(1, Math.round((region.y1 - region.y0) * scale)) };
    const pixels = await sharp(bytes, { limitInputPixels: MAX_MEDIA_PIXELS })
      .extract({ left: region.x0, top: region.y0, width: region.x1 - region.x0, height: region.y1 - region.y0 })
      .removeAlpha()
      .toColourspace('srgb')
      .resize(size.width, size.height, { fit: 'fill' })
      .raw()
      .toBuffer();
    return {
      region,
      scale: { x: size.width / (region.x1 - region.x0), y: size.height / (region.y1 - region.y0) },
      image: { ...size, data: new Uint8Array(pixels) },
    };
  });
}

function toMedia({ region, scale }: SearchImage, object: FoundObject): FoundObject {
  const { box } = object;
  return {
    box: {
      x0: Math.round(region.x0 + box.x0 / scale.x),
      y0: Math.round(region.y0 + box.y0 / scale.y),
      x1: Math.min(region.x1, Math.round(region.x0 + box.x1 / scale.x)),
      y1: Math.min(region.y1, Math.round(region.y0 + box.y1 / scale.y)),
    },
    score: Math.round(object.score * 1000) / 1000,
    probability: Math.round(object.probability * 1000) / 1000,
  };
}

/** What exemplars found: the objects (media pixels), and the exemplars as templates to remember. */
export interface ExemplarFinds {
  found: FoundObject[];
  templates: ExemplarTemplate[];
}

/**
 * "Find more like these": the objects like the exemplars (boxes in media pixels, inside the image or its focus) in
 * the image (or its focus), the exemplars themselves first (as drawn, probability 1), in media pixels.
 */
export async function findMoreLikeThese(bytes: Buffer, exemplars: readonly BoxCoords[], focus?: Focus | null): Promise<ExemplarFinds> {
  const search = await searchImage(bytes, focus, () => median(exemplars.map((box) => Math.min(box.x1 - box.x0, box.y1 - box.y0))));
  const { region, scale, image } = search;
  const toSearch = (box: BoxCoords): BoxCoords => {
    const x0 = Math.min(image.width - 3, Math.max(0, Math.floor((box.x0 - region.x0) * scale.x)));
    const y0 = Math.min(image.height - 3, Math.max(0, Math.floor((box.y0 - region.y0) * scale.y)));
    return {
      x0,
      y0,
      x1: Math.min(image.width, Math.max(x0 + 3, Math.round((box.x1 - region.x0) * scale.x))),
      y1: Math.min(image.height, Math.max(y0 + 3, Math.round((box.y1 - region.y0) * scale.y))),
    };
  };
  const boxes = exemplars.map(toSearch);
  const templates = typicalWholeObjects(boxes, image.width, image.height).map((box) => templateOf(image, box));
  const found = await thread.run({ image: { ...image, data: image.data.slice() }, exemplars: boxes });
  return {
    found: found.map((object, index) => (index < exemplars.length ? { ...object, box: exemplars[index]! } : toMedia(search, object))),
    templates,
  };
}

/**
 * The objects like remembered exemplars in the image (or its focus), in media pixels: each template looked for at
 * the share of the region it had where it was drawn, and around it (REMEMBERED_SCALES).
 */
export async function findRemembered(bytes: Buffer, templates: readonly ExemplarTemplate[], focus?: Focus | null): Promise<FoundObject[]> {
  const searched = templates.slice(0, REMEMBERED_SEARCHED);
  if (searched.length === 0) return [];
  const expectedSide = (region: BoxCoords) =>
    median(searched.map(({ share }) => Math.min(share.width * (region.x1 - region.x0), share.height * (region.y1 - region.y0))));
  const search = await searchImage(bytes, focus, expectedSide);
  const { region, scale, image } = search;
  const sized = searched.map((template) =>
    templateImage(
      template,
      Math.round(template.share.width * (region.x1 - region.x0) * scale.x),
      Math.round(template.share.height * (region.y1 - region.y0) * scale.y),
    ),
  );
  const fits = sized.filter((template) => template.width <= image.width && template.height <= image.height);
  if (fits.length === 0) return [];
  const found = await thread.run({ image, templates: fits, scales: REMEMBERED_SCALES }, [image.data.buffer as ArrayBuffer]);
  return found.map((object) => toMedia(search, object));
}
