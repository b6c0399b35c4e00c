import { screenPoint } from '../geometry/types';
import { zoomCameraAt } from '../view/camera-store';

/** ctrl+wheel is a trackpad pinch: small deltas, so a stronger factor. */
export const wheelZoomFactor = (event: Pick<WheelEvent, 'deltaY' | 'ctrlKey'>) => Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002));

/** Zooms the camera about the pointer on every wheel event over `element`; returns the function that stops it. */
export function listenForWheelZoom(element: HTMLElement): () => void {
  function handleWheel(event: WheelEvent) {
    event.preventDefault();
    const rect = element.getBoundingClientRect();
    zoomCameraAt(screenPoint(event.clientX - rect.left, event.clientY - rect.top), wheelZoomFactor(event));
  }
  element.addEventListener('wheel', handleWheel, { passive: false });
  return () => element.removeEventListener('wheel', handleWheel);
}
