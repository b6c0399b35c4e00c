// Draws every mark of an annotation in one Konva Shape: one node instead of thousands, culled to the view (or to the
// part being redrawn, marks-plane.ts). The annotation's type module paints them.
import type { Context } from 'konva/lib/Context';
import type { Shape } from 'konva/lib/Shape';
import type { Annotation, AnyTypeModule, PaintScene } from '../contract/type-module';
import { viewRect } from '../geometry/camera';
import type { Box, Camera, Size } from '../geometry/types';
import type { PathPainter } from '../contract/painter';
import { paintFocus } from '../type-kit/paint-marks';
import { type ActiveTool, draggedIndex } from '../contract/tool-runner';

export interface MarksScene extends Omit<PaintScene, 'view' | 'scale' | 'cull'> {
  /** The module of the annotation's type, which paints it. */
  readonly module: AnyTypeModule;
  readonly annotation: Annotation;
  /** The part of the media being labelled: the rest is dimmed. */
  readonly focus: Box | null;
}

/** The marks layer: the media outside the focus dimmed, then the marks, in `view` (or only those reaching `cull`). */
export function drawMarks(context: Context, scene: MarksScene, camera: Camera, viewport: Size, cull?: Box) {
  if (scene.focus) paintFocus(context, scene.media, scene.focus, camera.scale);
  scene.module.tool?.paint(context, scene.annotation, { ...scene, view: viewRect(camera, viewport), scale: camera.scale, cull });
}

/** The marks layer's Konva shape draws with the stage's scale and position, the camera. */
export function drawMarksShape(context: Context, shape: Shape, scene: MarksScene) {
  const stage = shape.getStage();
  if (stage) drawMarks(context, scene, { scale: stage.scaleX(), x: stage.x(), y: stage.y() }, stage.size(), undefined);
}

export interface OverlayScene extends Pick<PaintScene, 'hidden' | 'media'> {
  readonly module: AnyTypeModule;
  readonly annotation: Annotation;
  readonly active: ActiveTool;
  /** The mark under the pointer (on the canvas or in the object list). */
  readonly hovered: number | null;
}

/**
 * The overlay: the mark under the pointer highlighted (the marks layer stays as it was drawn) unless a gesture moves
 * it, then the gesture in progress, as the type's tool paints them.
 */
export function drawOverlay(context: PathPainter, scale: number, { module, annotation, active, hovered, hidden, media }: OverlayScene) {
  const tool = module.tool;
  if (!tool) return;
  if (hovered !== null && hovered !== draggedIndex(module, active) && !hidden.has(hovered)) tool.paintHover?.(context, annotation, hovered, scale);
  if ('state' in active && active.tool === annotation.type) tool.paintOverlay(context, annotation, active.state, { scale, media });
}

