// The image under the stage: a plain <canvas> holding the decoded image at its own resolution, drawn once per
// image, that the camera moves and scales with a CSS transform. A zoom or pan frame then costs the page's thread
// nothing for the image (no Konva redraw of a megapixel bitmap): the compositor places the layer.
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Camera, Size } from '../geometry/types';
import { useCameraStore } from './camera-store';
import type { DisplayedImage } from './image-cache';

/** The CSS transform that draws an image of `image` pixels where the camera puts the media's `media` pixels. */
export function imagePlaneTransform(camera: Camera, media: Size, image: Size): string {
  const k = camera.scale * (media.width / image.width);
  return `matrix(${k}, 0, 0, ${k}, ${camera.x}, ${camera.y})`;
}

export interface ImagePlaneProps {
  readonly image: DisplayedImage | null;
  readonly media: Size;
  readonly brightness: number;
  readonly contrast: number;
}

export function ImagePlane({ image, media, brightness, contrast }: ImagePlaneProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = media;

  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element || !image) return;
    element.width = image.width;
    element.height = image.height;
    element.getContext('2d')?.drawImage(image.image, 0, 0);
  }, [image]);

  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element || !image) return;
    const follow = (camera: Camera) => (element.style.transform = imagePlaneTransform(camera, { width, height }, image));
    follow(useCameraStore.getState().camera);
    return useCameraStore.subscribe((state, previous) => state.camera !== previous.camera && follow(state.camera));
  }, [image, width, height]);

  useEffect(() => {
    // A CSS filter: no per-pixel work on the page's thread.
    if (canvas.current) canvas.current.style.filter = brightness === 100 && contrast === 100 ? '' : `brightness(${brightness}%) contrast(${contrast}%)`;
  }, [brightness, contrast]);

  return <canvas ref={canvas} className="image-plane" hidden={!image} aria-hidden />;
}
