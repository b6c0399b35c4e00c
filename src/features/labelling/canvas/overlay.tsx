import { Circle, Line, Rect } from 'react-konva';
import type { Annotation } from '../annotation/types';
import { handlePosition } from '../geometry/box';
import type { Box, Size } from '../geometry/types';
import { HANDLES } from '../geometry/types';
import { MARK_COLOUR, SELECTED_COLOUR } from './draw-marks';
import type { ActiveTool } from './run-tool';

const HANDLE_PX = 8;

function BoxOutline({ box, colour, dashed = false }: { box: Box; colour: string; dashed?: boolean }) {
  return (
    <Rect
      x={box.x0}
      y={box.y0}
      width={box.x1 - box.x0}
      height={box.y1 - box.y0}
      stroke={colour}
      strokeWidth={2}
      dash={dashed ? [6, 4] : undefined}
      shadowColor="black"
      shadowBlur={2}
      shadowForStrokeEnabled
      strokeScaleEnabled={false}
      listening={false}
      perfectDrawEnabled={false}
    />
  );
}

function Handles({ box, scale }: { box: Box; scale: number }) {
  const size = HANDLE_PX / scale;
  return HANDLES.map((handle) => {
    const at = handlePosition(box, handle);
    return (
      <Rect
        key={handle}
        x={at.x - size / 2}
        y={at.y - size / 2}
        width={size}
        height={size}
        fill="#ffffff"
        stroke={SELECTED_COLOUR}
        strokeWidth={1}
        strokeScaleEnabled={false}
        listening={false}
        perfectDrawEnabled={false}
      />
    );
  });
}

function PointMark({ x, y, scale, colour }: { x: number; y: number; scale: number; colour: string }) {
  return (
    <Circle
      x={x}
      y={y}
      radius={6 / scale}
      stroke={colour}
      strokeWidth={2}
      fill="rgba(62, 166, 255, 0.35)"
      strokeScaleEnabled={false}
      listening={false}
      perfectDrawEnabled={false}
    />
  );
}

function OffsetPreview({ axis, offset, media }: { axis: 'x' | 'y'; offset: number; media: Size }) {
  const points = axis === 'x' ? [offset, 0, offset, media.height] : [0, offset, media.width, offset];
  return <Line points={points} stroke={SELECTED_COLOUR} strokeWidth={2} strokeScaleEnabled={false} listening={false} />;
}

/** The selection's handles and whatever the current gesture is drawing or moving. */
export function Overlay({ annotation, active, scale, media }: { annotation: Annotation; active: ActiveTool; scale: number; media: Size }) {
  if (active.tool === 'box' && annotation.type === 'box_detection') {
    const { state } = active;
    if (state.name === 'drawing' || state.name === 'placing') return <BoxOutline box={state.preview} colour={SELECTED_COLOUR} dashed />;
    if (state.name === 'translating' || state.name === 'resizing') {
      return (
        <>
          <BoxOutline box={state.preview} colour={SELECTED_COLOUR} />
          <Handles box={state.preview} scale={scale} />
        </>
      );
    }
    const selected = annotation.selected === null ? undefined : annotation.boxes[annotation.selected];
    return selected ? (
      <>
        <BoxOutline box={selected} colour={SELECTED_COLOUR} />
        <Handles box={selected} scale={scale} />
      </>
    ) : null;
  }
  if (active.tool === 'point' && annotation.type === 'point') {
    if (active.state.name === 'dragging') return <PointMark {...active.state.preview} scale={scale} colour={SELECTED_COLOUR} />;
    const selected = annotation.selected === null ? undefined : annotation.points[annotation.selected];
    return selected ? <PointMark {...selected} scale={scale} colour={SELECTED_COLOUR} /> : null;
  }
  if (active.tool === 'point' && active.state.name === 'dragging') {
    return <PointMark {...active.state.preview} scale={scale} colour={MARK_COLOUR} />;
  }
  if (active.tool === 'offset' && active.state.name === 'dragging' && (annotation.type === 'offset_x' || annotation.type === 'offset_y')) {
    return <OffsetPreview axis={annotation.type === 'offset_x' ? 'x' : 'y'} offset={active.state.preview} media={media} />;
  }
  return null;
}
