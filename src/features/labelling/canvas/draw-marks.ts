// Draws every mark of an annotation in one Konva Shape: one node instead of thousands, culled to the view. The
// annotation's type module paints them.
import type { Context } from 'konva/lib/Context';
import type { Shape } from 'konva/lib/Shape';
import type { Annotation } from '../type-modules/annotation';
import { viewRect } from '../geometry/camera';
import type { Box, Size } from '../geometry/types';
import type { PaintScene } from '../type-modules/type-module';
import { moduleOf } from '../type-modules/registry';
import { paintFocus, type PathPainter } from './paint';
import type { ActiveTool } from './run-tool';

export interface MarksScene extends Omit<PaintScene, 'view' | 'scale'> {
  readonly annotation: Annotation;
}

export function drawMarks(context: Context, shape: Shape, scene: MarksScene) {
  const stage = shape.getStage();
  const tool = moduleOf(scene.annotation).tool;
  if (!stage || !tool) return;
  const camera = { scale: stage.scaleX(), x: stage.x(), y: stage.y() };
  tool.paint(context, scene.annotation, { ...scene, view: viewRect(camera, stage.size()), scale: camera.scale });
}

export interface OverlayScene extends Pick<PaintScene, 'hidden' | 'media'> {
  readonly annotation: Annotation;
  readonly active: ActiveTool;
  /** The mark under the pointer (on the canvas or in the object list). */
  readonly hovered: number | null;
}

/**
 * The overlay: the mark under the pointer highlighted (the marks layer stays as it was drawn) unless a gesture moves
 * it, then the gesture in progress, as the type's tool paints them.
 */
export function drawOverlay(context: PathPainter, scale: number, { annotation, active, hovered, hidden, media }: OverlayScene) {
  const tool = moduleOf(annotation).tool;
  if (!tool) return;
  const gesture = 'state' in active && active.tool === annotation.type ? active.state : null;
  const moving = gesture && tool.dragged(gesture);
  if (hovered !== null && hovered !== moving && !hidden.has(hovered)) tool.paintHover?.(context, annotation, hovered, scale);
  if (gesture) tool.paintOverlay(context, annotation, gesture, { scale, media });
}

export function drawFocus(context: Context, shape: Shape, media: Size, focus: Box) {
  paintFocus(context, media, focus, shape.getStage()?.scaleX() ?? 1);
}
