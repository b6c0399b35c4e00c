// Which part of the marks layer a change repaints. A gesture's start and end and a new selection change a mark or
// two; among thousands, redrawing them all made a long frame of every drag. The canvas redraws the part of the
// layer they reach (marks-plane.ts), with every mark that reaches into it, in the order they are painted.
import type { Box } from '../geometry/types';
import type { MarksScene } from './draw-marks';
import { MARK_REACH_PX } from '../type-kit/paint-marks';

const isBox = (box: Box | undefined): box is Box => box !== undefined;

/** Beyond this many changed marks one full redraw costs less than clipping to each of them. */
const MAX_CHANGED_MARKS = 32;

/** The areas (image pixels) of the marks that look different in `after`: none, or null when more than a few marks changed. */
export function changedMarkAreas(before: MarksScene, after: MarksScene): Box[] | null {
  if (before === after) return [];
  const sameFrame =
    before.module === after.module &&
    before.focus === after.focus &&
    before.thresholdOf === after.thresholdOf &&
    before.subjectName === after.subjectName &&
    before.media.width === after.media.width &&
    before.media.height === after.media.height;
  const tool = after.module.tool;
  const changed = sameFrame && tool?.markArea && tool.changedMarks?.(before.annotation, after.annotation);
  if (!changed || !tool.markArea) return null;
  const marks = new Set(changed);
  if (before.dragged !== after.dragged) for (const index of [before.dragged, after.dragged]) if (index !== null) marks.add(index);
  for (const index of before.hidden) if (!after.hidden.has(index)) marks.add(index);
  for (const index of after.hidden) if (!before.hidden.has(index)) marks.add(index);
  if (marks.size > MAX_CHANGED_MARKS) return null;
  const areaOf = tool.markArea;
  return [...marks].flatMap((index) => [areaOf(before.annotation, index), areaOf(after.annotation, index)]).filter(isBox);
}

/** Everything a mark at `area` may paint at this scale: its strokes, handles and label. */
export function paintedExtent(area: Box, scale: number): Box {
  const { around, labelWidth, labelHeight } = MARK_REACH_PX;
  return {
    x0: area.x0 - around / scale,
    y0: area.y0 - (around + labelHeight) / scale,
    x1: area.x1 + (around + labelWidth) / scale,
    y1: area.y1 + around / scale,
  };
}

/** Where the areas of the marks whose painting may reach into `part` lie (the inverse of `paintedExtent`). */
export function marksReaching(part: Box, scale: number): Box {
  const { around, labelWidth, labelHeight } = MARK_REACH_PX;
  return {
    x0: part.x0 - (around + labelWidth) / scale,
    y0: part.y0 - around / scale,
    x1: part.x1 + around / scale,
    y1: part.y1 + (around + labelHeight) / scale,
  };
}
