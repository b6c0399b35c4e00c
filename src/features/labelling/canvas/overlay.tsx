import type { Size } from '../geometry/types';
import type { Annotation } from '../type-modules/annotation';
import { moduleOf } from '../type-modules/registry';
import type { ActiveTool } from './run-tool';
import { useCameraStore } from './camera-store';

/** The selection's handles and whatever the current gesture is drawing or moving, as the type's tool draws them. */
export function Overlay({ annotation, active, media }: { annotation: Annotation; active: ActiveTool; media: Size }) {
  // Handles keep their screen size: only this renders again when the zoom changes.
  const scale = useCameraStore((state) => state.camera.scale);
  const tool = moduleOf(annotation).tool;
  if (!tool || active.tool !== annotation.type) return null;
  return <tool.Overlay annotation={annotation} state={active.state} scale={scale} media={media} />;
}
