import type Konva from 'konva';
import type { RefObject } from 'react';
import { useLayoutEffect } from 'react';
import { publishCamera } from '../debug-hook';
import type { Camera } from '../geometry/types';
import { useCameraStore } from './camera-store';

/**
 * The camera is the stage's scale and position, set here and not through React: a camera move sets them and asks
 * for one draw of `layer` in the next frame (batchDraw) while it shows anything (`shows`), without rendering any
 * component. Other layers follow the camera on their own terms (the marks: marks-plane.ts).
 */
export function useStageFollowsCamera(stage: RefObject<Konva.Stage | null>, layer: RefObject<Konva.Layer | null>, shows: RefObject<boolean>) {
  useLayoutEffect(() => {
    function follow(camera: Camera) {
      publishCamera(camera);
      const current = stage.current;
      if (!current) return;
      current.scale({ x: camera.scale, y: camera.scale });
      current.position({ x: camera.x, y: camera.y });
      if (shows.current) layer.current?.batchDraw();
    }
    follow(useCameraStore.getState().camera);
    return useCameraStore.subscribe((state, previous) => state.camera !== previous.camera && follow(state.camera));
  }, [stage, layer, shows]);
}
