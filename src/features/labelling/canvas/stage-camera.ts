import type Konva from 'konva';
import type { RefObject } from 'react';
import { useLayoutEffect } from 'react';
import { publishCamera } from '../view/debug-hook';
import type { Camera } from '../geometry/types';
import { useCameraStore } from '../view/camera-store';

/**
 * The camera is the stage's scale and position, set here and not through React: a camera move sets them without
 * rendering any component. The stage's one layer, the marks, follows the camera on its own terms (marks-plane.ts),
 * and so does the overlay (overlay-canvas.ts).
 */
export function useStageFollowsCamera(stage: RefObject<Konva.Stage | null>) {
  useLayoutEffect(() => {
    function follow(camera: Camera) {
      publishCamera(camera);
      const current = stage.current;
      if (!current) return;
      current.scale({ x: camera.scale, y: camera.scale });
      current.position({ x: camera.x, y: camera.y });
    }
    follow(useCameraStore.getState().camera);
    return useCameraStore.subscribe((state, previous) => state.camera !== previous.camera && follow(state.camera));
  }, [stage]);
}
