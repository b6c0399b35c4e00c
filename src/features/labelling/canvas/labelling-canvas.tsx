import type Konva from 'konva';
import type { Ref } from 'react';
import { lazy, Suspense, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Layer, Shape, Stage } from './konva-parts';
import type { Media } from '../../../api/schemas/media';
import type { Annotation, AnyTypeModule } from '../contract/type-module';
import type { InputDevice } from '../annotation/client-data';
import { markDrawn } from '../view/debug-hook';
import { itemPainted } from '../view/sight-store';
import { screenToImage } from '../geometry/camera';
import { type Box, screenPoint, type ScreenPoint, type Size } from '../geometry/types';
import type { Change, ToolEvent } from '../contract/tool-events';
import { drawOverlay, type MarksScene } from './draw-marks';
import { actualSizeCamera, fitCamera, panCamera, pinchCamera, showMedia, useCameraStore, zoomCameraBy } from '../view/camera-store';
import { ImagePlane } from './image-plane';
import { usePreferredImage } from '../view/preferred-image';
import { useSpaceHeld } from './space-held';
import { useOverlayCanvas } from './overlay-canvas';
import { useStageFollowsCamera } from './stage-camera';
import { useMarksLayer } from './marks-plane';
import { type ActiveTool, draggedIndex, idleTool, runTool } from '../contract/tool-runner';
import { listenForWheelZoom } from './wheel-zoom';
import { useClickRegions } from '../click-to-box/use-click-regions';
import { useMagnifier } from '../type-kit/magnifier-store';
import { hoverMark, useMarkView } from '../view/mark-view-store';
import type { PathPainter } from '../contract/painter';

export interface CanvasHandle {
  fitToView(): void;
  zoomBy(factor: number): void;
  actualSize(): void;
  /** Ends a gesture in progress; false when there was none. */
  cancel(): boolean;
}

export interface LabellingCanvasProps {
  /** The application whose interactive model server click-to-box asks first; absent: none is asked. */
  appId?: string;
  media: Media;
  focus: Box | null;
  /** The module of the annotation's type: its tool draws, paints and answers pointer events. */
  module: AnyTypeModule;
  annotation: Annotation;
  showMarks: boolean;
  brightness: number;
  contrast: number;
  /** The application's detection threshold for a subject: the model's marks under it are drawn dashed. */
  thresholdOf: (subjectUid: string) => number;
  subjectName: (subjectUid: string) => string;
  viewport: Size;
  /** False while `viewport` is a guess: no image is chosen for it until then. */
  viewportMeasured: boolean;
  onChange: (change: Change) => void;
  onInput: (device: InputDevice) => void;
  /** Where the media's image is: loading, on screen, or failed to load (until Try again). */
  onImage?: (image: ImageOnCanvas) => void;
  /** Whether a gesture may edit the item now (it has been seen long enough); the refusal is the caller's to show. */
  mayEdit?: () => boolean;
  ref?: Ref<CanvasHandle>;
}

export interface ImageOnCanvas {
  readonly mediaId: string;
  readonly state: 'loading' | 'shown' | 'failed';
}

type Gesture =
  | { kind: 'tool' }
  | { kind: 'pan'; last: ScreenPoint }
  | { kind: 'pinch'; distance: number; centre: ScreenPoint };

const pointerDevice = (type: string): InputDevice => (type === 'mouse' || type === 'touch' || type === 'pen' ? type : 'unknown');

const Magnifier = lazy(() => import('./magnifier').then((m) => ({ default: m.Magnifier })));

/**
 * The image and its marks on a Konva stage whose scale and position are the camera. The stage does not listen:
 * pointer events on the wrapper go through the core's hit tests and tool reducers, and the marks are one culled
 * shape, so a thousand boxes cost one node.
 */
export function LabellingCanvas(props: LabellingCanvasProps) {
  const { media, focus, module, annotation, showMarks, viewport, onChange, onInput } = props;
  const mediaSize = { width: media.image_width, height: media.image_height };
  const [tool, setTool] = useState<{ mediaId: string; active: ActiveTool }>(() => ({ mediaId: media.media_id, active: idleTool(module) }));
  const active = tool.mediaId === media.media_id ? tool.active : idleTool(module);
  const setActive = (next: ActiveTool) => setTool({ mediaId: media.media_id, active: next });
  const spaceHeld = useSpaceHeld();
  const gesture = useRef<Gesture | null>(null);
  const pointers = useRef(new Map<number, ScreenPoint>());
  const wrapper = useRef<HTMLDivElement>(null);
  const stage = useRef<Konva.Stage>(null);
  const overlayPlane = useRef<HTMLDivElement>(null);
  const marksLayer = useRef<Konva.Layer>(null);
  const marksPlane = useRef<HTMLCanvasElement>(null);

  useLayoutEffect(() => {
    const image = { width: media.image_width, height: media.image_height };
    showMedia(media.media_id, image, viewport, props.viewportMeasured);
  }, [media.media_id, media.image_width, media.image_height, viewport, props.viewportMeasured]);

  useStageFollowsCamera(stage);
  const { image, failed, retry } = usePreferredImage(media);
  const drawing = module.tool !== undefined;
  const findsObjects = module.tool?.findsObjects ?? false;
  const { findsRegions, warmUpRegions } = useClickRegions(props.appId ?? null, media.media_id, image, mediaSize, active, send, findsObjects);
  const magnifierOn = useMagnifier((state) => state.on);
  const [hover, setHover] = useState<ScreenPoint | null>(null);

  useImperativeHandle(props.ref, () => ({
    fitToView: fitCamera,
    zoomBy: zoomCameraBy,
    actualSize: actualSizeCamera,
    cancel: () => {
      const busy = 'state' in active && active.state.name !== 'idle';
      if (busy) setActive(idleTool(module));
      return busy;
    },
  }));

  const imageState = image ? 'shown' : failed ? 'failed' : 'loading';
  const { onImage } = props;
  // Before the browser paints: the answer buttons never flash disabled for an image already decoded.
  useLayoutEffect(() => onImage?.({ mediaId: media.media_id, state: imageState }), [onImage, media.media_id, imageState]);

  useEffect(() => listenForWheelZoom(wrapper.current!), []);

  function at(event: React.PointerEvent): ScreenPoint {
    const rect = event.currentTarget.getBoundingClientRect();
    return screenPoint(event.clientX - rect.left, event.clientY - rect.top);
  }

  function send(toolEvent: ToolEvent) {
    const result = runTool(module, active, toolEvent, annotation, useCameraStore.getState().camera.scale);
    setActive(result.active);
    if (result.commit) onChange(result.commit);
  }

  function toTool(type: 'pointerDown' | 'pointerMove' | 'pointerUp', event: React.PointerEvent) {
    send({
      type,
      point: screenToImage(useCameraStore.getState().camera, at(event)),
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      modKey: event.ctrlKey || event.metaKey,
      findsRegions,
    });
  }

  function pinchOf(points: ScreenPoint[]) {
    const [a, b] = points as [ScreenPoint, ScreenPoint];
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), centre: screenPoint((a.x + b.x) / 2, (a.y + b.y) / 2) };
  }

  function handlePointerDown(event: React.PointerEvent<HTMLDivElement>) {
    warmUpRegions();
    onInput(pointerDevice(event.pointerType));
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, at(event));
    if (pointers.current.size === 2) {
      if (gesture.current?.kind === 'tool') setActive(idleTool(module));
      gesture.current = { kind: 'pinch', ...pinchOf([...pointers.current.values()]) };
      return;
    }
    const touchPans = event.pointerType === 'touch' && !drawing;
    if (event.button === 1 || spaceHeld || touchPans) {
      event.preventDefault();
      gesture.current = { kind: 'pan', last: at(event) };
    } else if (event.button === 0 && drawing && (props.mayEdit?.() ?? true)) {
      gesture.current = { kind: 'tool' };
      toTool('pointerDown', event);
    }
  }

  function handlePointerMove(event: React.PointerEvent<HTMLDivElement>) {
    warmUpRegions();
    if (magnifierOn) setHover(at(event));
    if (!pointers.current.has(event.pointerId)) {
      // No button held: click-then-click drawing follows the pointer (its rubber band); the mark under it lights up.
      if ('state' in active && active.state.name === 'placing') toTool('pointerMove', event);
      const camera = useCameraStore.getState().camera;
      hoverMark(module.tool?.markAt(annotation, screenToImage(camera, at(event)), camera.scale) ?? null);
      return;
    }
    pointers.current.set(event.pointerId, at(event));
    const current = gesture.current;
    if (current?.kind === 'pan') {
      const point = at(event);
      panCamera(point.x - current.last.x, point.y - current.last.y);
      gesture.current = { kind: 'pan', last: point };
    } else if (current?.kind === 'pinch' && pointers.current.size === 2) {
      const next = pinchOf([...pointers.current.values()]);
      pinchCamera(next.centre, next.centre.x - current.centre.x, next.centre.y - current.centre.y, next.distance / current.distance);
      gesture.current = { kind: 'pinch', ...next };
    } else if (current?.kind === 'tool') {
      toTool('pointerMove', event);
    }
  }

  function handlePointerUp(event: React.PointerEvent<HTMLDivElement>) {
    pointers.current.delete(event.pointerId);
    if (gesture.current?.kind === 'tool') toTool('pointerUp', event);
    if (pointers.current.size === 0) gesture.current = null;
  }

  function handlePointerCancel(event: React.PointerEvent<HTMLDivElement>) {
    pointers.current.delete(event.pointerId);
    if (gesture.current?.kind === 'tool') setActive(idleTool(module));
    gesture.current = null;
  }

  const dragged = draggedIndex(module, active);
  const { thresholdOf, subjectName } = props;
  const hovered = useMarkView((s) => s.hovered);
  const hidden = useMarkView((s) => s.hidden);
  const marksScene = useMemo<MarksScene>(
    () => ({ module, annotation, dragged, hidden, thresholdOf, subjectName, focus, media: mediaSize }),
    // mediaSize is rebuilt each render; its numbers are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [module, annotation, dragged, hidden, thresholdOf, subjectName, focus, media.image_width, media.image_height],
  );
  const sceneFunc = useMarksLayer(marksLayer, marksPlane, marksScene, module.tool?.markCount(annotation) ?? 0);
  const paintOverlay = useCallback(
    (context: PathPainter, scale: number) => drawOverlay(context, scale, { module, annotation, active, hovered, hidden, media: mediaSize }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [module, annotation, active, hovered, hidden, media.image_width, media.image_height],
  );
  useOverlayCanvas(overlayPlane, paintOverlay, viewport);

  const panning = spaceHeld || gesture.current?.kind === 'pan';
  const cursor = panning ? 'grab' : drawing ? 'crosshair' : 'default';
  return (
    <>
    <div
      ref={wrapper}
      className="labelling-canvas"
      aria-label="Image canvas"
      role="img"
      data-testid="stage"
      style={{ cursor, width: viewport.width, height: viewport.height }}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
      onPointerCancel={handlePointerCancel}
      onContextMenu={(event) => event.preventDefault()}
      onPointerLeave={() => {
        setHover(null);
        hoverMark(null);
      }}
    >
      <ImagePlane
        image={image}
        media={mediaSize}
        brightness={props.brightness}
        contrast={props.contrast}
        onDrawn={() =>
          requestAnimationFrame(() => {
            itemPainted(media.media_id);
            markDrawn(media.media_id);
          })
        }
      />
      <canvas ref={marksPlane} className="marks-plane" hidden={!showMarks} aria-hidden style={{ width: viewport.width, height: viewport.height }} />
      <Stage ref={stage} width={viewport.width} height={viewport.height} listening={false}>
        {/* Drawn but not shown: the marks plane shows its snapshots (marks-plane.ts). */}
        <Layer ref={marksLayer} listening={false}>
          <Shape sceneFunc={sceneFunc} listening={false} perfectDrawEnabled={false} />
        </Layer>
      </Stage>
      <div ref={overlayPlane} className="overlay-plane" hidden={!showMarks} />
      {magnifierOn && (
        <Suspense>
          <Magnifier image={image} media={mediaSize} viewport={viewport} pointer={hover} />
        </Suspense>
      )}
    </div>
      {!image && !failed && <p className="labelling-canvas__message">Loading image…</p>}
      {failed && !image && (
        <div className="labelling-canvas__message labelling-canvas__message--failed" role="alert">
          <p>The image could not be loaded. Check the connection, then try again.</p>
          <button type="button" className="btn btn--secondary" onClick={retry}>
            Try again
          </button>
        </div>
      )}
    </>
  );
}
