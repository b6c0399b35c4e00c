import type { AppData, AppDataType, BoxRegion, Focus, MediaAssertion, PointCoords } from '../../../api/types';

export interface AssertionOverlayProps {
  width: number;
  height: number;
  assertions: readonly MediaAssertion[];
  focuses: readonly Focus[];
}

function shapes(type: AppDataType | null, data: AppData | null, width: number, height: number, className: string, key: string) {
  if (data === null || type === null) return null;
  switch (type) {
    case 'box_set':
      return (data as BoxRegion[]).map(({ box }, index) => (
        <rect key={`${key}-${index}`} className={className} x={box.x0} y={box.y0} width={box.x1 - box.x0} height={box.y1 - box.y0} />
      ));
    case 'point':
      return (data as PointCoords[]).map(({ x, y }, index) => (
        <circle key={`${key}-${index}`} className={className} cx={x} cy={y} r={Math.max(4, width / 150)} />
      ));
    case 'offset_x':
      return <line key={key} className={className} x1={data as number} x2={data as number} y1={0} y2={height} />;
    case 'offset_y':
      return <line key={key} className={className} x1={0} x2={width} y1={data as number} y2={data as number} />;
    case 'count':
      return null;
  }
}

/** Every assertion's geometry over the image, in the image's own pixels (the viewBox scales it with the image). */
export function AssertionOverlay({ width, height, assertions, focuses }: AssertionOverlayProps) {
  return (
    <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
      {focuses.map(({ box }, index) => (
        <rect key={`focus-${index}`} className="overlay-focus" x={box.x0} y={box.y0} width={box.x1 - box.x0} height={box.y1 - box.y0} />
      ))}
      {assertions.map((assertion) =>
        shapes(
          assertion.app_data_type,
          assertion.app_data,
          width,
          height,
          assertion.user_id ? 'overlay-box overlay-box--user' : 'overlay-box',
          assertion.detection_id,
        ),
      )}
    </svg>
  );
}
