// Draws every mark of an annotation in one Konva Shape: one node instead of thousands, culled to the view. The
// annotation's type module paints them.
import type { Context } from 'konva/lib/Context';
import type { Shape } from 'konva/lib/Shape';
import type { Annotation } from '../type-modules/annotation';
import { viewRect } from '../geometry/camera';
import type { Box, Size } from '../geometry/types';
import type { PaintScene } from '../type-modules/type-module';
import { moduleOf } from '../type-modules/registry';
import { paintFocus } from './paint';

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

/** The mark under the pointer, highlighted on the overlay (the marks layer stays as it was drawn). */
export function drawHover(context: Context, shape: Shape, annotation: Annotation, index: number) {
  moduleOf(annotation).tool?.paintHover?.(context, annotation, index, shape.getStage()?.scaleX() ?? 1);
}

export function drawFocus(context: Context, shape: Shape, media: Size, focus: Box) {
  paintFocus(context, media, focus, shape.getStage()?.scaleX() ?? 1);
}
