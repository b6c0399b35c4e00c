import type { AppData, AppDataType, Assertion, BoxRegion, Focus, PointCoords } from '../../../api/types';

/** What the overlay needs of an assertion; the media page's list and the detections' records both have it. */
export type MarkedAssertion = Pick<Assertion, 'detection_id' | 'user_id' | 'app_data_type' | 'app_data'>;

/** How the image fills its box, as its CSS object-fit says; the marks follow the same fit. */
export type ImageFit = 'fill' | 'contain' | 'cover';

const ASPECT: Record<ImageFit, string> = { fill: 'none', contain: 'xMidYMid meet', cover: 'xMidYMid slice' };

export interface AssertionOverlayProps {
  /** The media's size in pixels: the marks' coordinate space. */
  width: number;
  height: number;
  assertions: readonly MarkedAssertion[];
  focuses?: readonly Focus[];
  fit?: ImageFit;
}

/** Whose mark it is, for its colour: a person's or a model's. */
export const markSource = (assertion: Pick<Assertion, 'user_id'>): 'user' | 'model' => (assertion.user_id ? 'user' : 'model');

/** How many marks the overlay draws for an assertion: its boxes or points, or its one offset line. */
export function markCount({ app_data_type: type, app_data: data }: MarkedAssertion): number {
  if (data === null || type === null || type === 'count') return 0;
  return Array.isArray(data) ? data.length : 1;
}

function shapes(type: AppDataType | null, data: AppData | null, width: number, height: number, className: string, key: string) {
  if (data === null || type === null) return null;
  switch (type) {
    case 'box_set':
      return (data as BoxRegion[]).map(({ box }, index) => (
        <rect key={`${key}-${index}`} className={className} x={box.x0} y={box.y0} width={box.x1 - box.x0} height={box.y1 - box.y0} />
      ));
    case 'point':
      // A zero-length line with round caps: a dot of the same screen size however far the image is scaled.
      return (data as PointCoords[]).map(({ x, y }, index) => (
        <path key={`${key}-${index}`} className={`${className} overlay-mark--point`} d={`M${x} ${y}h0`} />
      ));
    case 'offset_x':
      return <line key={key} className={className} x1={data as number} x2={data as number} y1={0} y2={height} />;
    case 'offset_y':
      return <line key={key} className={className} x1={0} x2={width} y1={data as number} y2={data as number} />;
    case 'count':
      return null;
  }
}

/**
 * Every assertion's marks over the image, in the image's own pixels: the viewBox scales them with the image, and
 * strokes stay one width on screen, so the same overlay serves a thumbnail and the full view.
 */
export function AssertionOverlay({ width, height, assertions, focuses = [], fit = 'fill' }: AssertionOverlayProps) {
  return (
    <svg className="overlay" viewBox={`0 0 ${width} ${height}`} preserveAspectRatio={ASPECT[fit]} aria-hidden="true">
      {focuses.map(({ box }, index) => (
        <rect key={`focus-${index}`} className="overlay-focus" x={box.x0} y={box.y0} width={box.x1 - box.x0} height={box.y1 - box.y0} />
      ))}
      {assertions.map((assertion) =>
        shapes(
          assertion.app_data_type,
          assertion.app_data,
          width,
          height,
          `overlay-mark overlay-mark--${markSource(assertion)}`,
          assertion.detection_id,
        ),
      )}
    </svg>
  );
}
