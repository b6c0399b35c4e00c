// Pure edit operations used by the tools (through applyChange) and by keyboard actions. Each returns the same
// object when nothing changes, so that history.commit records no empty step.
import { clampPoint, translateBox } from '../geometry/box';
import { imagePoint } from '../geometry/types';
import type { Change } from '../tools/types';
import { replaceAt } from '../tools/types';
import type {
  Annotation,
  BoxAnnotation,
  ClassificationAnnotation,
  CountAnnotation,
  FullframeAnnotation,
  OffsetAnnotation,
  PointAnnotation,
} from './types';

type Selectable = BoxAnnotation | PointAnnotation;

const itemsOf = (annotation: Selectable): readonly unknown[] =>
  annotation.type === 'box_detection' ? annotation.boxes : annotation.points;

export function applyChange(annotation: Annotation, change: Change): Annotation {
  switch (change.kind) {
    case 'select':
      return annotation.type === 'box_detection' || annotation.type === 'point' ? select(annotation, change.selected) : annotation;
    case 'boxes':
      return annotation.type === 'box_detection' ? { ...annotation, boxes: change.boxes, selected: change.selected } : annotation;
    case 'points':
      if (annotation.type === 'point') return { ...annotation, points: change.points, selected: change.selected };
      if (annotation.type === 'static_count') return { ...annotation, markers: change.points, count: change.points.length };
      return annotation;
    case 'offset':
      return annotation.type === 'offset_x' || annotation.type === 'offset_y' ? setOffset(annotation, change.offset) : annotation;
  }
}

export function select<A extends Selectable>(annotation: A, selected: number | null): A {
  const valid = selected !== null && selected >= 0 && selected < itemsOf(annotation).length ? selected : null;
  return valid === annotation.selected ? annotation : { ...annotation, selected: valid };
}

/** Selects the next (step 1) or previous (step -1) box or point, wrapping around; Tab-style cycling. */
export function selectNext<A extends Selectable>(annotation: A, step: 1 | -1): A {
  const count = itemsOf(annotation).length;
  if (count === 0) return annotation;
  const from = annotation.selected ?? (step === 1 ? -1 : count);
  return select(annotation, (from + step + count) % count);
}

export function nudgeSelected<A extends Selectable>(annotation: A, dx: number, dy: number): A {
  const index = annotation.selected;
  if (index === null) return annotation;
  if (annotation.type === 'box_detection') {
    const box = annotation.boxes[index];
    if (!box) return annotation;
    return { ...annotation, boxes: replaceAt(annotation.boxes, index, translateBox(box, { x: dx, y: dy }, annotation.bounds)) };
  }
  const point = (annotation as PointAnnotation).points[index];
  if (!point) return annotation;
  const moved = clampPoint(imagePoint(point.x + dx, point.y + dy), annotation.bounds);
  return { ...annotation, points: replaceAt((annotation as PointAnnotation).points, index, moved) };
}

export function deleteSelected<A extends Selectable>(annotation: A): A {
  const index = annotation.selected;
  if (index === null) return annotation;
  const remaining = itemsOf(annotation).length - 1;
  // Keep a neighbour selected so that Delete can be pressed again and again.
  const selected = remaining === 0 ? null : Math.min(index, remaining - 1);
  if (annotation.type === 'box_detection') {
    return { ...annotation, boxes: annotation.boxes.filter((_, i) => i !== index), selected };
  }
  return { ...annotation, points: (annotation as PointAnnotation).points.filter((_, i) => i !== index), selected };
}

/** Copies the selected box, shifted by `offset` pixels (less at the media's edge), and selects the copy. */
export function duplicateSelected(annotation: BoxAnnotation, offset = 10): BoxAnnotation {
  const box = annotation.selected === null ? undefined : annotation.boxes[annotation.selected];
  if (!box) return annotation;
  const copy = translateBox(box, { x: offset, y: offset }, annotation.bounds);
  return { ...annotation, boxes: [...annotation.boxes, copy], selected: annotation.boxes.length };
}

export function setCount(annotation: CountAnnotation, count: number): CountAnnotation {
  const next = Number.isFinite(count) ? Math.max(0, Math.round(count)) : annotation.count;
  return next === annotation.count ? annotation : { ...annotation, count: next };
}

export const changeCount = (annotation: CountAnnotation, delta: number) => setCount(annotation, annotation.count + delta);

export function setOffset(annotation: OffsetAnnotation, offset: number): OffsetAnnotation {
  if (!Number.isFinite(offset)) return annotation;
  const { bounds } = annotation;
  const [min, max] = annotation.type === 'offset_x' ? [bounds.x0, bounds.x1] : [bounds.y0, bounds.y1];
  const next = Math.min(max, Math.max(min, Math.round(offset)));
  return next === annotation.offset ? annotation : { ...annotation, offset: next };
}

/** Moves the line; a line not yet placed starts from the reference edge. */
export const nudgeOffset = (annotation: OffsetAnnotation, delta: number) => setOffset(annotation, (annotation.offset ?? 0) + delta);

export function toggleSubject(annotation: FullframeAnnotation, index: number): FullframeAnnotation {
  const subject = annotation.subjects[index];
  if (!subject) return annotation;
  return { ...annotation, subjects: replaceAt(annotation.subjects, index, { ...subject, present: !subject.present }) };
}

export function chooseClass(annotation: ClassificationAnnotation, index: number): ClassificationAnnotation {
  const choice = annotation.options[index];
  return choice === undefined || choice === annotation.choice ? annotation : { ...annotation, choice };
}
