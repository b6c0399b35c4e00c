import { fitToView } from '../geometry/camera';
import { screenPoint } from '../geometry/types';
import {
  actualSizeCamera,
  FIT_PADDING_PX,
  fitCamera,
  panCamera,
  selectZoomPercent,
  showMedia,
  useCameraStore,
  zoomCameraAt,
  zoomLimits,
} from './camera-store';
import { listenForWheelZoom, wheelZoomFactor } from '../canvas/wheel-zoom';

const image = { width: 4000, height: 3000 };
const viewport = { width: 1000, height: 800 };
const fitted = fitToView(image, viewport, FIT_PADDING_PX);

describe('the camera store', () => {
  beforeEach(() => showMedia(`item-${Math.random()}`, image, viewport, true));

  it('applies every one of a burst of wheel events dispatched in one task', () => {
    const element = document.createElement('div');
    const stop = listenForWheelZoom(element);
    const events = Array.from({ length: 50 }, (_, i) => new WheelEvent('wheel', { deltaY: i % 5 === 0 ? 30 : -40, clientX: 300, clientY: 200, cancelable: true }));
    for (const event of events) element.dispatchEvent(event);
    stop();

    const expected = events.reduce((scale, event) => scale * wheelZoomFactor(event), fitted.scale);
    expect(expected).toBeLessThan(zoomLimits({ image, viewport }).max);
    expect(useCameraStore.getState().camera.scale).toBeCloseTo(expected, 10);
    expect(events.every((event) => event.defaultPrevented)).toBe(true);
  });

  it('stops at the zoom limits however many events come', () => {
    for (let i = 0; i < 500; i += 1) zoomCameraAt(screenPoint(10, 10), 1.5);
    expect(useCameraStore.getState().camera.scale).toBe(zoomLimits({ image, viewport }).max);
    for (let i = 0; i < 500; i += 1) zoomCameraAt(screenPoint(10, 10), 0.5);
    expect(useCameraStore.getState().camera.scale).toBe(zoomLimits({ image, viewport }).min);
  });

  it('starts each item fitted, and keeps the zoom of the same item when the viewport is resized', () => {
    zoomCameraAt(screenPoint(500, 400), 2);
    panCamera(30, -10);
    const zoomed = useCameraStore.getState().camera;
    showMedia(useCameraStore.getState().mediaId!, image, { width: 1200, height: 800 }, true);
    expect(useCameraStore.getState().camera).toEqual(zoomed);

    showMedia('another', image, viewport, true);
    expect(useCameraStore.getState()).toMatchObject({ camera: fitted, fitted: true, mediaId: 'another' });
  });

  it('follows the viewport while fitted, and reads the zoom as image to screen pixels', () => {
    showMedia('m', image, { width: 800, height: 600 }, false);
    showMedia('m', image, viewport, true);
    expect(useCameraStore.getState().camera).toEqual(fitted);
    expect(selectZoomPercent(useCameraStore.getState())).toBe(Math.round(fitted.scale * 100));

    actualSizeCamera();
    expect(selectZoomPercent(useCameraStore.getState())).toBe(100);
    fitCamera();
    expect(useCameraStore.getState().camera).toEqual(fitted);
  });
});
