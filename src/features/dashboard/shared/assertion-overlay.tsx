import { ruleOfAppDataType } from '../../../api/application-types';
import type { AnswerMarks } from '../../../api/application-types/rule';
import type { Assertion } from '../../../api/schemas/detections';
import type { Focus } from '../../../api/types';

/** What the overlay needs of an assertion; the media page's list and the detections' records both have it. */
export type MarkedAssertion = Pick<Assertion, 'detection_id' | 'user_id' | 'app_data_type' | 'app_data'>;

/** How the image fills its box, as its CSS object-fit says; the marks follow the same fit. */
type ImageFit = 'fill' | 'contain' | 'cover';

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

/** The marks an assertion places on the media, by the rule of its app_data type: boxes, points or offset lines. */
function marksOf({ app_data_type: type, app_data: data }: MarkedAssertion): AnswerMarks {
  if (data === null || type === null) return {};
  return ruleOfAppDataType(type)?.marks?.(data) ?? {};
}

/** How many marks the overlay draws for an assertion: its boxes or points, or its one offset line. */
export function markCount(assertion: MarkedAssertion): number {
  const { boxes = [], points = [], lines = [] } = marksOf(assertion);
  return boxes.length + points.length + lines.length;
}

function shapes(assertion: MarkedAssertion, width: number, height: number, className: string) {
  const { boxes = [], points = [], lines = [] } = marksOf(assertion);
  const key = assertion.detection_id;
  return [
    ...boxes.map((box, index) => (
      <rect key={`${key}-b${index}`} className={className} x={box.x0} y={box.y0} width={box.x1 - box.x0} height={box.y1 - box.y0} />
    )),
    // A zero-length line with round caps: a dot of the same screen size however far the image is scaled.
    ...points.map(({ x, y }, index) => <path key={`${key}-p${index}`} className={`${className} overlay-mark--point`} d={`M${x} ${y}h0`} />),
    ...lines.map(({ axis, at }, index) =>
      axis === 'x' ? (
        <line key={`${key}-l${index}`} className={className} x1={at} x2={at} y1={0} y2={height} />
      ) : (
        <line key={`${key}-l${index}`} className={className} x1={0} x2={width} y1={at} y2={at} />
      ),
    ),
  ];
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
        shapes(assertion, width, height, `overlay-mark overlay-mark--${markSource(assertion)}`),
      )}
    </svg>
  );
}
