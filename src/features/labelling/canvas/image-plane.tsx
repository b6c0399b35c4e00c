// The image under the stage: a <canvas> holding the decoded image at its own resolution, handed over once per
// image, that the camera moves and scales with a CSS transform. A zoom or pan frame then costs the page's thread
// nothing for the image (no Konva redraw of a megapixel bitmap): the compositor places the layer. The canvas is a
// 'bitmaprenderer' given its own copy of the bitmap: a 2D canvas would copy its whole bitmap (48 MB for
// 4000×3000) for the compositor in every frame it moves, as software compositing does.
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Camera, Size } from '../geometry/types';
import { useCameraStore } from '../view/camera-store';
import type { DisplayedImage } from '../view/image-cache';

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
  /** Called once the canvas holds `image`. */
  readonly onDrawn?: (image: DisplayedImage) => void;
}

export function ImagePlane({ image, media, brightness, contrast, onDrawn }: ImagePlaneProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = media;

  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element || !image) return;
    // Without createImageBitmap (jsdom) there is nothing to show it with.
    if (typeof createImageBitmap !== 'function') return void onDrawn?.(image);
    let live = true;
    // The cache keeps its bitmap (the magnifier and click-to-box read it); the canvas takes a copy. Until the copy
    // is made the canvas shows the image before (a lower resolution of it, or the item before).
    void createImageBitmap(image.image).then((copy) => {
      if (!live) return copy.close();
      element.width = image.width;
      element.height = image.height;
      element.getContext('bitmaprenderer')?.transferFromImageBitmap(copy);
      element.style.transform = imagePlaneTransform(useCameraStore.getState().camera, { width, height }, image);
      element.hidden = false;
      onDrawn?.(image);
    });
    return () => {
      live = false;
    };
    // onDrawn is called for the image it was given with; a new function alone is no new image.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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

  return <canvas ref={canvas} className="image-plane" hidden aria-hidden />;
}
