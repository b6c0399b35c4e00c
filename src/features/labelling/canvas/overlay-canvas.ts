// The overlay (the mark under the pointer, the gesture in progress) is a canvas the size of what it shows, moved to
// where it shows it, and hidden while it shows nothing. Why: with software compositing a 2D canvas that changes is
// copied for the compositor in every frame, so a screen-sized overlay cost a screen-sized copy (33 MB at 1920×1080
// and twice the density) in every frame of a drag, for a box a few hundred pixels wide. A camera move forgets the
// mark under the pointer (it changes as the camera moves; the next pointer move finds it again), so zooming and
// panning leave the overlay empty; the selection is painted with the marks.
import { SceneCanvas } from 'konva/lib/Canvas';
import type { RefObject } from 'react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { boxOnScreen } from '../geometry/camera';
import type { Box, Camera, Size } from '../geometry/types';
import { useCameraStore } from '../view/camera-store';
import { hoverMark } from '../view/mark-view-store';
import type { PathPainter } from '../contract/painter';

/** Paints the overlay in image pixels, at the camera's scale. */
export type OverlayPaint = (context: PathPainter, scale: number) => void;

/** Room around the painted paths for anti-aliasing, in screen pixels. */
const MARGIN_PX = 2;

/**
 * Where `paint` would paint, in image pixels (null: nowhere): its paths' extent, widened by half the widest line.
 * The overlay paints a few paths, so painting them twice (once here) costs nothing worth saving.
 */
export function paintedArea(paint: OverlayPaint, scale: number): Box | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let lineWidth = 0;
  const reach = (x: number, y: number, radius = 0) => {
    x0 = Math.min(x0, x - radius);
    y0 = Math.min(y0, y - radius);
    x1 = Math.max(x1, x + radius);
    y1 = Math.max(y1, y + radius);
  };
  const nothing = () => {};
  paint(
    {
      beginPath: nothing,
      setLineDash: nothing,
      fill: nothing,
      stroke: nothing,
      moveTo: reach,
      lineTo: reach,
      rect: (x, y, width, height) => {
        reach(x, y);
        reach(x + width, y + height);
      },
      arc: (x, y, radius) => reach(x, y, radius),
      setAttr: (attr, value) => {
        if (attr === 'lineWidth' && typeof value === 'number') lineWidth = Math.max(lineWidth, value);
      },
    },
    scale,
  );
  if (x0 > x1) return null;
  const half = lineWidth / 2;
  return { x0: x0 - half, y0: y0 - half, x1: x1 + half, y1: y1 + half };
}

function repaint(canvas: SceneCanvas, paint: OverlayPaint, camera: Camera, viewport: Size) {
  const area = paintedArea(paint, camera.scale);
  const shown = area && boxOnScreen(camera, area, viewport, MARGIN_PX);
  const element = canvas._canvas;
  element.style.visibility = shown ? '' : 'hidden';
  if (!shown) return;
  const width = shown.x1 - shown.x0;
  const height = shown.y1 - shown.y0;
  canvas.setSizeIfChanged(width, height);
  const context = canvas.getContext();
  context.reset();
  context.clear();
  element.style.transform = `translate(${shown.x0}px, ${shown.y0}px)`;
  const k = canvas.pixelRatio;
  context.setTransform(k * camera.scale, 0, 0, k * camera.scale, k * (camera.x - shown.x0), k * (camera.y - shown.y0));
  paint(context, camera.scale);
}

/** Keeps the overlay's canvas in `host` painted with `paint`, as the camera moves and `paint` changes. */
export function useOverlayCanvas(host: RefObject<HTMLElement | null>, paint: OverlayPaint, viewport: Size) {
  const canvas = useRef<SceneCanvas | null>(null);
  const latest = useRef({ paint, viewport });

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const overlay = new SceneCanvas();
    element.append(overlay._canvas);
    canvas.current = overlay;
    const { paint, viewport } = latest.current;
    repaint(overlay, paint, useCameraStore.getState().camera, viewport);
    const stop = useCameraStore.subscribe((state, previous) => {
      if (state.camera === previous.camera) return;
      hoverMark(null);
      repaint(overlay, latest.current.paint, state.camera, latest.current.viewport);
    });
    return () => {
      stop();
      overlay._canvas.remove();
      canvas.current = null;
    };
  }, [host]);

  // Before the browser paints: a gesture's frame shows the overlay where the pointer is now.
  const { width, height } = viewport;
  useLayoutEffect(() => {
    latest.current = { paint, viewport: { width, height } };
    if (canvas.current) repaint(canvas.current, paint, useCameraStore.getState().camera, { width, height });
  }, [paint, width, height]);
}
