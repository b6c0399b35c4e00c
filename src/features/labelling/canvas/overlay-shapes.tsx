// Konva shapes for the overlay layer: the selection and whatever a gesture is drawing or moving.
import { Circle, Line, Rect } from './konva-parts';
import { handlePosition } from '../geometry/box';
import type { Box, Size } from '../geometry/types';
import { HANDLES } from '../geometry/types';
import { SELECTED_COLOUR } from './paint';

const HANDLE_PX = 8;

export function BoxOutline({ box, colour, dashed = false }: { box: Box; colour: string; dashed?: boolean }) {
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

export function SelectedBox({ box, scale }: { box: Box; scale: number }) {
  return (
    <>
      <BoxOutline box={box} colour={SELECTED_COLOUR} />
      <Handles box={box} scale={scale} />
    </>
  );
}

export function PointMark({ x, y, scale, colour }: { x: number; y: number; scale: number; colour: string }) {
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

export function OffsetPreview({ axis, offset, media }: { axis: 'x' | 'y'; offset: number; media: Size }) {
  const points = axis === 'x' ? [offset, 0, offset, media.height] : [0, offset, media.width, offset];
  return <Line points={points} stroke={SELECTED_COLOUR} strokeWidth={2} strokeScaleEnabled={false} listening={false} />;
}

/** Thin guides across the whole media through `at`: where a box's moving corner is, against the image's edges. */
export function Crosshair({ at, media }: { at: { x: number; y: number }; media: Size }) {
  const guide = { stroke: 'rgba(255, 255, 255, 0.8)', strokeWidth: 1, dash: [4, 4], shadowColor: 'black', shadowBlur: 1 };
  return (
    <>
      <Line points={[at.x, 0, at.x, media.height]} {...guide} strokeScaleEnabled={false} listening={false} perfectDrawEnabled={false} />
      <Line points={[0, at.y, media.width, at.y]} {...guide} strokeScaleEnabled={false} listening={false} perfectDrawEnabled={false} />
    </>
  );
}
