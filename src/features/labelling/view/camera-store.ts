// The canvas's camera in a store rather than in React state, so that every input handler reads and updates the
// latest camera (getState) even when many events arrive between two renders, and other components (the zoom
// readout) read it through selectors.
import { create } from 'zustand';
import { fitToView, pan, zoomAt, type ZoomLimits } from '../geometry/camera';
import type { Camera, ScreenPoint, Size } from '../geometry/types';
import { screenPoint } from '../geometry/types';

export const FIT_PADDING_PX = 16;

export interface CameraState {
  readonly mediaId: string | null;
  readonly image: Size;
  readonly viewport: Size;
  /** Screen = image × scale + (x, y); the Konva stage's transform. */
  readonly camera: Camera;
  /** Until the labeller zooms or pans, the camera fits the image and follows the viewport's size. */
  readonly fitted: boolean;
  /** Whether the viewport is the canvas's measured size: no image is chosen from a guessed one. */
  readonly measured: boolean;
}

const NOTHING: Size = { width: 1, height: 1 };

export const useCameraStore = create<CameraState>()(() => ({
  mediaId: null,
  image: NOTHING,
  viewport: NOTHING,
  camera: { scale: 1, x: 0, y: 0 },
  fitted: true,
  measured: false,
}));

const fittedCamera = ({ image, viewport }: Pick<CameraState, 'image' | 'viewport'>) => fitToView(image, viewport, FIT_PADDING_PX);

export function zoomLimits(state: Pick<CameraState, 'image' | 'viewport'>): ZoomLimits {
  const fit = fittedCamera(state).scale;
  return { min: fit / 4, max: Math.max(32, fit * 4) };
}

const sameSize = (a: Size, b: Size) => a.width === b.width && a.height === b.height;

/** Shows an item in a viewport: another item starts fitted; a resize keeps the labeller's zoom and pan. */
export function showMedia(mediaId: string, image: Size, viewport: Size, measured: boolean) {
  const state = useCameraStore.getState();
  const sameItem = state.mediaId === mediaId && sameSize(state.image, image);
  if (sameItem && sameSize(state.viewport, viewport) && state.measured === measured) return;
  const next = { mediaId, image, viewport, measured };
  if (sameItem && !state.fitted) useCameraStore.setState(next);
  else useCameraStore.setState({ ...next, fitted: true, camera: fittedCamera(next) });
}

const move = (camera: Camera) => useCameraStore.setState({ camera, fitted: false });

export function zoomCameraAt(anchor: ScreenPoint, factor: number) {
  const state = useCameraStore.getState();
  move(zoomAt(state.camera, anchor, factor, zoomLimits(state)));
}

const viewportCentre = ({ viewport }: CameraState) => screenPoint(viewport.width / 2, viewport.height / 2);

export const zoomCameraBy = (factor: number) => zoomCameraAt(viewportCentre(useCameraStore.getState()), factor);

export const panCamera = (dx: number, dy: number) => move(pan(useCameraStore.getState().camera, dx, dy));

/** A two-finger step: the pinch centre moved by (dx, dy) and the fingers' distance changed by `factor`. */
export function pinchCamera(centre: ScreenPoint, dx: number, dy: number, factor: number) {
  const state = useCameraStore.getState();
  move(zoomAt(pan(state.camera, dx, dy), centre, factor, zoomLimits(state)));
}

export function fitCamera() {
  const state = useCameraStore.getState();
  useCameraStore.setState({ camera: fittedCamera(state), fitted: true });
}

/** One image pixel to one screen (CSS) pixel, about the viewport's centre. */
export function actualSizeCamera() {
  const state = useCameraStore.getState();
  move(zoomAt(state.camera, viewportCentre(state), 1 / state.camera.scale, { min: 1, max: 1 }));
}

/** Image pixels to screen pixels, as a whole percentage (100 = 1:1). */
export const selectZoomPercent = (state: CameraState) => Math.round(state.camera.scale * 100);
