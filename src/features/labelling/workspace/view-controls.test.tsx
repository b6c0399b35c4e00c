import { act, render, screen } from '@testing-library/react';
import { actualSizeCamera, showMedia, zoomCameraBy } from '../view/camera-store';
import { CAMERA_READOUT_MS } from '../view/throttled-camera';
import { ViewControls } from './view-controls';

describe('the zoom readout', () => {
  it('shows image pixels to screen pixels as a percentage, following the camera', () => {
    showMedia('m1', { width: 2000, height: 1000 }, { width: 1032, height: 600 }, true);
    const noop = () => {};
    render(
      <ViewControls showMarks onShowMarks={noop} brightness={100} onBrightness={noop} contrast={100} onContrast={noop} action={() => undefined} perform={noop} />,
    );
    const zoom = screen.getByRole('status', { name: 'Zoom' });
    expect(zoom).toHaveTextContent('50%');
    act(() => zoomCameraBy(2));
    expect(zoom).toHaveTextContent('100%');
  });

  it('follows a moving camera at most every 100 ms, and ends on its last value', () => {
    vi.useFakeTimers();
    try {
      showMedia('m2', { width: 2000, height: 1000 }, { width: 1032, height: 600 }, true);
      const noop = () => {};
      render(
        <ViewControls showMarks onShowMarks={noop} brightness={100} onBrightness={noop} contrast={100} onContrast={noop} action={() => undefined} perform={noop} />,
      );
      const zoom = screen.getByRole('status', { name: 'Zoom' });
      act(() => zoomCameraBy(2));
      expect(zoom).toHaveTextContent('100%');
      act(() => zoomCameraBy(1.5));
      expect(zoom).toHaveTextContent('100%');
      act(() => vi.advanceTimersByTime(CAMERA_READOUT_MS));
      expect(zoom).toHaveTextContent('150%');
      act(() => zoomCameraBy(2));
      act(actualSizeCamera);
      act(() => vi.advanceTimersByTime(CAMERA_READOUT_MS));
      expect(zoom).toHaveTextContent('100%');
    } finally {
      vi.useRealTimers();
    }
  });
});
