// Painting helpers for the marks layer: everything in image pixels, line widths divided by the scale so that
// strokes stay the same on screen at any zoom, and only what is inside the view.
import type { Context } from 'konva/lib/Context';
import { visibleIn } from '../geometry/box';
import type { Box, Size } from '../geometry/types';
import { boxKey } from '../proposals';
import type { PaintScene } from '../type-modules/type-module';

export const MARK_COLOUR = '#ffd60a';
export const SELECTED_COLOUR = '#3ea6ff';
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

const percent = (probability: number) => `${Math.round(probability * 100)}%`;

export function paintBoxes(context: Context, boxes: readonly Box[], scene: PaintScene) {
  const { view, scale } = scene;
  const visible = boxes.filter((box, index) => index !== scene.hidden && visibleIn(box, view));
  context.beginPath();
  for (const box of visible) context.rect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
  strokeTwice(context, scale, MARK_COLOUR);
  if (visible.length > MAX_LABELS) return;
  for (const box of visible) {
    const probability = scene.boxProbabilities.get(boxKey(box));
    if (probability !== undefined) label(context, percent(probability), box.x0, box.y0, scale);
  }
}

/** Dots; with `probability`, the first one is labelled with it (a proposed point). */
export function paintPoints(context: Context, points: readonly { x: number; y: number }[], scene: PaintScene, probability: number | null) {
  const { view, scale } = scene;
  const radius = POINT_RADIUS_PX / scale;
  context.beginPath();
  points.forEach((p, index) => {
    if (index === scene.hidden || !visibleIn({ x0: p.x, y0: p.y, x1: p.x, y1: p.y }, view)) return;
    context.moveTo(p.x + radius, p.y);
    context.arc(p.x, p.y, radius, 0, Math.PI * 2);
  });
  context.setAttr('fillStyle', 'rgba(255, 214, 10, 0.35)');
  context.fill();
  strokeTwice(context, scale, MARK_COLOUR);
  const first = points[0];
  if (probability !== null && first) label(context, percent(probability), first.x + radius, first.y - radius, scale);
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
