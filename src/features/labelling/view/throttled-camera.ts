import { useEffect, useState } from 'react';
import { useCameraStore, type CameraState } from './camera-store';

/** How often at most a component outside the canvas hears of a moving camera. */
export const CAMERA_READOUT_MS = 100;

/**
 * A value derived from the camera for components outside the canvas (the zoom readout): the first change at
 * once, then at most one render per CAMERA_READOUT_MS while the camera keeps moving, and the last value always.
 */
export function useThrottledCamera<T>(select: (state: CameraState) => T): T {
  const [value, setValue] = useState(() => select(useCameraStore.getState()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending = false;
    const publish = () => setValue(select(useCameraStore.getState()));
    const stop = useCameraStore.subscribe(() => {
      if (timer !== undefined) return void (pending = true);
      publish();
      const settle = () => {
        if (!pending) return void (timer = undefined);
        pending = false;
        publish();
        timer = setTimeout(settle, CAMERA_READOUT_MS);
      };
      timer = setTimeout(settle, CAMERA_READOUT_MS);
    });
    publish();
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [select]);
  return value;
}
