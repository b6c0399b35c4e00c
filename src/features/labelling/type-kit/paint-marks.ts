// Painting helpers for the marks layer: everything in image pixels, line widths divided by the scale so that
// strokes stay the same on screen at any zoom, and only what is inside the view.
import type { Context } from 'konva/lib/Context';
import { visibleIn } from '../geometry/box';
import type { Box, Size } from '../geometry/types';
import type { MarkClass } from './classed-marks';
import { classColour, MARK_COLOUR } from './class-colours';
import { percent } from './percent';
import type { PathPainter } from '../contract/painter';
import type { PaintScene } from '../contract/type-module';

export const SELECTED_COLOUR = '#3ea6ff';
const OUTLINE = 'rgba(0, 0, 0, 0.65)';
export const POINT_RADIUS_PX = 5;
/** Beyond this many visible boxes the probability labels would only be noise. */
const MAX_LABELS = 300;
const LABEL_HEIGHT_PX = 14;

/**
 * How far painting reaches beyond a mark's area, in screen pixels: strokes, handles and dots all round, and its label
 * above it and to the right (a label wider than `labelWidth` would be cut where only a part of the marks is redrawn).
 */
export const MARK_REACH_PX = { around: 12, labelWidth: 320, labelHeight: LABEL_HEIGHT_PX };

/** Strokes the current path in `colour` over a dark outline, so that it shows on light and dark images alike. */
export function strokeTwice(context: PathPainter, scale: number, colour: string, width = 1.5) {
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
  context.fillRect(x, y - LABEL_HEIGHT_PX / scale, width + 6 / scale, LABEL_HEIGHT_PX / scale);
  context.setAttr('fillStyle', '#ffffff');
  context.fillText(text, x + 3 / scale, y - 3 / scale);
}

const DOUBTFUL_DASH_PX = 6;

/** Whether the mark is drawn at all: not hidden by the labeller, not being dragged (the overlay draws it). */
const shown = (index: number, scene: PaintScene) => index !== scene.dragged && !scene.hidden.has(index);

/** The selected mark where it is drawn with the others (not hidden, not being moved by a gesture). */
export const shownSelection = <M>(marks: readonly M[], selected: number | null, scene: PaintScene): M | undefined =>
  selected === null || !shown(selected, scene) ? undefined : marks[selected];

/** A mark as the painter sees it: its class and, while it is the model's, its probability (count markers have neither). */
type PaintedMark = Partial<MarkClass>;

/** Proposals under their subject's threshold are dashed, so that doubtful ones stand out. */
const isDoubtful = (mark: PaintedMark, scene: PaintScene) =>
  mark.probability !== undefined && mark.probability < scene.thresholdOf(mark.subject_uid ?? '');

/** Its class's name where marks have several classes, and the model's probability while it is the model's. */
function markLabel(mark: PaintedMark, classes: readonly string[], scene: PaintScene): string | null {
  const name = classes.length > 1 && mark.subject_uid !== undefined ? scene.subjectName(mark.subject_uid) : null;
  const probability = mark.probability === undefined ? null : percent(mark.probability);
  return name && probability ? `${name} ${probability}` : (name ?? probability);
}

interface Visible<M> {
  readonly mark: M;
  readonly index: number;
}

/** The visible marks grouped by how they are stroked (class colour, dashed or not): one path per group. */
function strokeGroups<M extends PaintedMark>(visible: readonly Visible<M>[], classes: readonly string[], scene: PaintScene) {
  const groups = new Map<string, { colour: string; dashed: boolean; marks: M[] }>();
  for (const { mark } of visible) {
    const colour = classColour(classes, mark.subject_uid);
    const dashed = isDoubtful(mark, scene);
    const key = `${colour}${dashed ? '-' : ''}`;
    const group = groups.get(key);
    if (group) group.marks.push(mark);
    else groups.set(key, { colour, dashed, marks: [mark] });
  }
  return groups.values();
}

/**
 * The marks to paint: shown, in the view and in the part being redrawn (`scene.cull`). Labels go with them while the
 * whole view holds no more than MAX_LABELS marks, whichever part is redrawn.
 */
function visibleMarks<M>(marks: readonly M[], area: (mark: M) => Box, scene: PaintScene) {
  const visible: Visible<M>[] = [];
  let inView = 0;
  marks.forEach((mark, index) => {
    const at = area(mark);
    if (!shown(index, scene) || !visibleIn(at, scene.view)) return;
    inView += 1;
    if (!scene.cull || visibleIn(at, scene.cull)) visible.push({ mark, index });
  });
  return { visible, labelled: inView <= MAX_LABELS };
}

const pointArea = (point: { x: number; y: number }): Box => ({ x0: point.x, y0: point.y, x1: point.x, y1: point.y });

export function paintBoxes(context: Context, boxes: readonly (Box & PaintedMark)[], classes: readonly string[], scene: PaintScene) {
  const { scale } = scene;
  const { visible, labelled } = visibleMarks(boxes, (box) => box, scene);
  for (const { colour, dashed, marks } of strokeGroups(visible, classes, scene)) {
    context.beginPath();
    for (const box of marks) context.rect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
    context.setLineDash(dashed ? [DOUBTFUL_DASH_PX / scale, DOUBTFUL_DASH_PX / scale] : []);
    strokeTwice(context, scale, colour);
  }
  context.setLineDash([]);
  if (!labelled) return;
  for (const { mark } of visible) {
    const text = markLabel(mark, classes, scene);
    if (text) label(context, text, mark.x0, mark.y0, scale);
  }
}

/** Dots in their class's colour; a model's point (still where it put it) is labelled with its probability. */
export function paintPoints(context: Context, points: readonly ({ x: number; y: number } & PaintedMark)[], classes: readonly string[], scene: PaintScene) {
  const { scale } = scene;
  const radius = POINT_RADIUS_PX / scale;
  const { visible, labelled } = visibleMarks(points, pointArea, scene);
  for (const { colour, marks } of strokeGroups(visible, classes, scene)) {
    context.beginPath();
    for (const p of marks) {
      context.moveTo(p.x + radius, p.y);
      context.arc(p.x, p.y, radius, 0, Math.PI * 2);
    }
    context.setAttr('globalAlpha', 0.35);
    context.setAttr('fillStyle', colour);
    context.fill();
    context.setAttr('globalAlpha', 1);
    strokeTwice(context, scale, colour);
  }
  if (!labelled) return;
  for (const { mark } of visible) {
    const text = markLabel(mark, classes, scene);
    if (text) label(context, text, mark.x + radius, mark.y - radius, scale);
  }
}

export function paintOffsetLine(context: PathPainter, axis: 'x' | 'y', offset: number, media: Size, scale: number, colour = MARK_COLOUR) {
  context.beginPath();
  if (axis === 'x') {
    context.moveTo(offset, 0);
    context.lineTo(offset, media.height);
  } else {
    context.moveTo(0, offset);
    context.lineTo(media.width, offset);
  }
  strokeTwice(context, scale, colour, 2);
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
