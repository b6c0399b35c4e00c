import type { DisplayedImage } from '../view/image-cache';
// A lens near the pointer showing the image's pixels enlarged and unsmoothed, for pixel-exact box edges.
import { useEffect, useRef } from 'react';
import { screenToImage } from '../geometry/camera';
import type { Camera, ScreenPoint, Size } from '../geometry/types';
import { useCameraStore } from '../view/camera-store';
import { LENS_PX, lensPosition, lensSource } from './lens';
import { useMagnifier } from '../type-kit/magnifier-store';

export interface MagnifierProps {
  /** The image the canvas displays (any of the media's resolutions). */
  readonly image: DisplayedImage | null;
  /** The media's full size: the image pixels the camera maps to. */
  readonly media: Size;
  readonly viewport: Size;
  /** The pointer over the canvas, in screen pixels (pressed or not); null when it is elsewhere. */
  readonly pointer: ScreenPoint | null;
}

function drawLens(canvas: HTMLCanvasElement, { image, media, camera, pointer }: MagnifierProps & { image: DisplayedImage; camera: Camera; pointer: ScreenPoint }) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const side = canvas.width;
  const source = lensSource(screenToImage(camera, pointer), camera.scale);
  const kx = image.width / media.width;
  const ky = image.height / media.height;
  context.imageSmoothingEnabled = false;
  context.fillStyle = '#000';
  context.fillRect(0, 0, side, side);
  const sw = (source.x1 - source.x0) * kx;
  const sh = (source.y1 - source.y0) * ky;
  context.drawImage(image.image, source.x0 * kx, source.y0 * ky, sw, sh, 0, 0, side, side);
  // The pointer's pixel, outlined, and guides through it.
  const pixel = side / (source.x1 - source.x0);
  context.strokeStyle = 'rgba(62, 166, 255, 0.9)';
  context.lineWidth = 1;
  context.strokeRect(side / 2 - pixel / 2, side / 2 - pixel / 2, pixel, pixel);
  context.beginPath();
  context.moveTo(side / 2, 0);
  context.lineTo(side / 2, side / 2 - pixel / 2);
  context.moveTo(side / 2, side / 2 + pixel / 2);
  context.lineTo(side / 2, side);
  context.moveTo(0, side / 2);
  context.lineTo(side / 2 - pixel / 2, side / 2);
  context.moveTo(side / 2 + pixel / 2, side / 2);
  context.lineTo(side, side / 2);
  context.stroke();
}

/** Mount it over the stage, inside the canvas's positioned wrapper; `m` (the registry action) shows or hides it. */
export function Magnifier(props: MagnifierProps) {
  const on = useMagnifier((state) => state.on);
  const canvas = useRef<HTMLCanvasElement>(null);
  // Follows the camera only while it shows.
  const camera = useCameraStore((state) => (on ? state.camera : null));
  const { image, pointer } = props;
  useEffect(() => {
    if (canvas.current && image && camera && pointer) drawLens(canvas.current, { ...props, image, camera, pointer });
  });
  if (!on || !image || !pointer) return null;
  const { left, top } = lensPosition(pointer, props.viewport);
  // Backing pixels at the screen's density, so that image pixels stay sharp squares.
  const backing = Math.round(LENS_PX * (window.devicePixelRatio || 1));
  return (
    <canvas
      ref={canvas}
      className="magnifier"
      width={backing}
      height={backing}
      aria-hidden
      style={{ position: 'absolute', left, top, width: LENS_PX, height: LENS_PX, pointerEvents: 'none', border: '2px solid #fff', borderRadius: 4, boxShadow: '0 0 4px #000' }}
    />
  );
}
