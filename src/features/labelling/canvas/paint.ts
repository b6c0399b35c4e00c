// Painting helpers for the marks layer: everything in image pixels, line widths divided by the scale so that
// strokes stay the same on screen at any zoom, and only what is inside the view.
import type { Context } from 'konva/lib/Context';
import { visibleIn } from '../geometry/box';
import type { Box, Size } from '../geometry/types';
import { boxKey, pointKey } from '../proposals';
import { percent } from '../type-modules/percent';
import type { PaintScene } from '../type-modules/type-module';

export const MARK_COLOUR = '#ffd60a';
export const SELECTED_COLOUR = '#3ea6ff';
/** The mark under the pointer, on the canvas or in the object list. */
export const HOVER_COLOUR = '#ff7ad9';
const OUTLINE = 'rgba(0, 0, 0, 0.65)';
const POINT_RADIUS_PX = 5;
/** Beyond this many visible boxes the probability labels would only be noise. */
const MAX_LABELS = 300;

function strokeTwice(context: Context, scale: number, colour: string, width = 1.5) {
  context.setAttr('lineWidth', (width + 2) / scale);
  context.setAttr('strokeStyle', OUTLINE);
  context.stroke();
  context.setAttr('lineWidth', width / scale);
  context.setAttr('strokeStyle', colour);
  context.stroke();
}

function label(context: Context, text: string, x: number, y: number, scale: number) {
  context.setAttr('font', `${11 / scale}px system-ui, sans-serif`);
  const width = context.measureText(text).width;
  context.setAttr('fillStyle', OUTLINE);
  context.fillRect(x, y - 14 / scale, width + 6 / scale, 14 / scale);
  context.setAttr('fillStyle', '#ffffff');
  context.fillText(text, x + 3 / scale, y - 3 / scale);
}

const DOUBTFUL_DASH_PX = 6;

/** Whether the mark is drawn at all: not hidden by the labeller, not being dragged (the overlay draws it). */
const shown = (index: number, scene: PaintScene) => index !== scene.dragged && !scene.hidden.has(index);

export function paintBoxes(context: Context, boxes: readonly Box[], scene: PaintScene) {
  const { view, scale, proposed } = scene;
  const visible = boxes
    .map((box, index) => ({ box, index, probability: proposed.byKey.get(boxKey(box)) }))
    .filter(({ box, index }) => shown(index, scene) && visibleIn(box, view));
  // Proposals under the application's threshold are dashed, so that doubtful ones stand out.
  for (const doubtful of [false, true]) {
    context.beginPath();
    for (const { box, probability } of visible) {
      if ((probability !== undefined && probability < proposed.threshold) === doubtful) context.rect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
    }
    context.setLineDash(doubtful ? [DOUBTFUL_DASH_PX / scale, DOUBTFUL_DASH_PX / scale] : []);
    strokeTwice(context, scale, MARK_COLOUR);
  }
  context.setLineDash([]);
  const hovered = visible.find(({ index }) => index === scene.hovered);
  if (hovered) {
    context.beginPath();
    context.rect(hovered.box.x0, hovered.box.y0, hovered.box.x1 - hovered.box.x0, hovered.box.y1 - hovered.box.y0);
    strokeTwice(context, scale, HOVER_COLOUR, 3);
  }
  if (visible.length > MAX_LABELS) return;
  for (const { box, probability } of visible) {
    if (probability !== undefined) label(context, percent(probability), box.x0, box.y0, scale);
  }
}

/** Dots; a model's point (still where it put it) is labelled with its probability. */
export function paintPoints(context: Context, points: readonly { x: number; y: number }[], scene: PaintScene) {
  const { view, scale, proposed } = scene;
  const radius = POINT_RADIUS_PX / scale;
  const visible = points
    .map((point, index) => ({ point, index }))
    .filter(({ point: p, index }) => shown(index, scene) && visibleIn({ x0: p.x, y0: p.y, x1: p.x, y1: p.y }, view));
  context.beginPath();
  for (const { point: p } of visible) {
    context.moveTo(p.x + radius, p.y);
    context.arc(p.x, p.y, radius, 0, Math.PI * 2);
  }
  context.setAttr('fillStyle', 'rgba(255, 214, 10, 0.35)');
  context.fill();
  strokeTwice(context, scale, MARK_COLOUR);
  const hovered = visible.find(({ index }) => index === scene.hovered);
  if (hovered) {
    context.beginPath();
    context.arc(hovered.point.x, hovered.point.y, radius * 1.6, 0, Math.PI * 2);
    strokeTwice(context, scale, HOVER_COLOUR, 2);
  }
  if (visible.length > MAX_LABELS) return;
  for (const { point: p } of visible) {
    const probability = proposed.byKey.get(pointKey(p));
    if (probability !== undefined) label(context, percent(probability), p.x + radius, p.y - radius, scale);
  }
}

export function paintOffsetLine(context: Context, axis: 'x' | 'y', offset: number, media: Size, scale: number) {
  context.beginPath();
  if (axis === 'x') {
    context.moveTo(offset, 0);
    context.lineTo(offset, media.height);
  } else {
    context.moveTo(0, offset);
    context.lineTo(media.width, offset);
  }
  strokeTwice(context, scale, MARK_COLOUR, 2);
}

/** Dims the media outside the focus box (even-odd fill of the media with the focus cut out) and outlines it. */
export function paintFocus(context: Context, media: Size, focus: Box, scale: number) {
  context.beginPath();
  context.rect(0, 0, media.width, media.height);
  context.rect(focus.x0, focus.y0, focus.x1 - focus.x0, focus.y1 - focus.y0);
  context.setAttr('fillStyle', 'rgba(0, 0, 0, 0.5)');
  context.fill('evenodd');
  context.beginPath();
  context.rect(focus.x0, focus.y0, focus.x1 - focus.x0, focus.y1 - focus.y0);
  strokeTwice(context, scale, '#ffffff', 1);
}
