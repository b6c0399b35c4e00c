import { asNumber, markBounds, primaryProposal, primarySubject } from '../../contract/target';
import { MARK_COLOUR } from '../../type-kit/class-colours';
import { paintPoints } from '../../type-kit/paint-marks';
import { paintBoxOutline, paintPointHover, paintPointMark } from '../../type-kit/paint-overlay';
import { TOLERANCE_PX } from '../../type-kit/tool-tolerances';
import { hitTestPoints, probe } from '../../geometry/hit-test';
import { boxContains, clampPoint } from '../../geometry/box';
import { imagePoint, type Box, type ImagePoint } from '../../geometry/types';
import type { PointToolState } from '../../type-kit/point-tool';
import { POINT_TOOL_IDLE, countMarkerTool } from '../../type-kit/point-tool';
import { NumberField } from '../../type-kit/number-field';
import { SubjectHeading } from '../../type-kit/subject-heading';
import { defineTypeModule, type ExemplarMarks } from '../../contract/type-module';
import { boxesAround, centreOf, foundCentres, newestExemplars, newFinds } from '../../type-kit/exemplar-finds';

export interface CountAnnotation {
  readonly type: 'static_count';
  readonly subject_uid: string;
  /** Where markers may go: the media, or the focus box. */
  readonly bounds: Box;
  readonly count: number;
  /** The objects counted: the model's (from its proposal) and the labeller's clicks; each added or removed counts one more or less. */
  readonly markers: readonly ImagePoint[];
  /** The model's markers as it proposed them (absent in drafts kept before they were): the object list names them the model's. */
  readonly proposed?: readonly ImagePoint[];
  /** Boxes the labeller drew around objects as exemplars ("Find more like these"); each object is counted too. */
  readonly exemplars?: readonly Box[];
}

const MAX_COUNT = 1_000_000;

export function setCount(annotation: CountAnnotation, count: number): CountAnnotation {
  const next = Number.isFinite(count) ? Math.min(MAX_COUNT, Math.max(0, Math.round(count))) : annotation.count;
  return next === annotation.count ? annotation : { ...annotation, count: next };
}

export const changeCount = (annotation: CountAnnotation, delta: number) =>
  setCount(annotation, Number.isFinite(annotation.count) ? annotation.count + delta : Math.max(0, delta));

/** The count exactly as typed (NaN: none): the answer rule, not the field, refuses what is not a count, saying why. */
export const typeCount = (annotation: CountAnnotation, count: number): CountAnnotation => (Object.is(count, annotation.count) ? annotation : { ...annotation, count });

/** A count the answer rule takes: a whole number from 0. */
const isCount = (count: number) => Number.isInteger(count) && count >= 0 && count <= MAX_COUNT;

/**
 * New markers add to the count (which starts from the model's), removed ones take away. After a count the rule
 * refuses (typed -1, or nothing), the count is the markers' again.
 */
function withMarkers(annotation: CountAnnotation, markers: readonly ImagePoint[]): CountAnnotation {
  const count = isCount(annotation.count) ? annotation.count + markers.length - annotation.markers.length : markers.length;
  return { ...setCount(annotation, count), markers };
}

/** An exemplar box: it counts its object (a marker on its centre) unless a marker is in it already. */
function withExemplar(annotation: CountAnnotation, box: Box): CountAnnotation {
  const exemplars = newestExemplars([...(annotation.exemplars ?? []), box]);
  if (annotation.markers.some((marker) => boxContains(box, marker))) return { ...annotation, exemplars };
  return { ...withMarkers(annotation, [...annotation.markers, centreOf(box)]), exemplars };
}

/** The objects found like the exemplars become the model's markers, and the count follows. */
const countExemplars: ExemplarMarks<CountAnnotation> = {
  of: ({ subject_uid, exemplars = [] }) => {
    const boxes = newestExemplars(exemplars);
    return boxes.length === 0 ? null : { subjectUid: subject_uid, boxes };
  },
  withFinds: (annotation, found, { boxes }) => {
    const existing = [...(annotation.exemplars ?? []), ...boxesAround(annotation.markers, boxes)];
    const added = newFinds(foundCentres(found, boxes), existing, annotation.bounds).map((find) => centreOf(find.box));
    if (added.length === 0) return { annotation, added: 0 };
    const counted = withMarkers(annotation, [...annotation.markers, ...added]);
    return { annotation: { ...counted, proposed: [...(annotation.proposed ?? []), ...added] }, added: added.length };
  },
};

/** How many objects of the subject; 0 is a count (True, 0), so "Not present" is its own answer. */
export const staticCount = defineTypeModule<CountAnnotation, PointToolState>({
  type: 'static_count',
  initial: (app, target) => {
    const subject_uid = primarySubject(app, target);
    if (subject_uid === undefined) return null;
    const proposal = primaryProposal(app, target);
    const bounds = markBounds(target);
    const markers = (proposal?.counted ?? []).map(({ x, y }) => clampPoint(imagePoint(Math.round(x), Math.round(y)), bounds));
    const proposed = asNumber(proposal?.app_data) ?? 0;
    return { type: 'static_count', subject_uid, bounds, count: Math.min(MAX_COUNT, Math.max(0, Math.round(proposed))), markers, proposed: markers };
  },
  missingInput: () => null,
  doubt: ({ count, markers }) =>
    markers.length > 0 && isCount(count) && count !== markers.length
      ? `The count is ${count} but ${markers.length} ${markers.length === 1 ? 'marker shows' : 'markers show'}. Accept again to send ${count}, or correct it.`
      : null,
  answer: ({ subject_uid, count }) => [{ subject_uid, result: 'True', app_data_type: 'count', app_data: count }],
  reject: (_app, { subject_uid }) => [{ subject_uid, result: 'False' }],
  marksInFocus: true,
  tool: {
    idle: POINT_TOOL_IDLE,
    findsObjects: true,
    reduce: (state, event, annotation, scale) =>
      countMarkerTool(state, event, {
        bounds: annotation.bounds,
        points: annotation.markers,
        selected: null,
        scale,
        tolerancePx: TOLERANCE_PX,
        snapsToObjects: true,
        framesExemplars: true,
      }),
    apply: (annotation, change) => {
      if (change.kind === 'exemplar') return withExemplar(annotation, change.box);
      return change.kind === 'points' ? withMarkers(annotation, change.points) : annotation;
    },
    dragged: (state) => (state.name === 'dragging' ? state.index : null),
    paint: (context, annotation, scene) => {
      for (const box of annotation.exemplars ?? []) paintBoxOutline(context, box, scene.scale, true);
      paintPoints(context, annotation.markers, [], scene);
    },
    paintHover: (context, annotation, index, scale) => paintPointHover(context, annotation.markers[index], scale),
    markAt: (annotation, at, scale) => hitTestPoints(annotation.markers, probe(at, scale, TOLERANCE_PX)),
    markCount: (annotation) => annotation.markers.length,
    paintOverlay: (context, _annotation, state, { scale }) => {
      if (state.name === 'framing') return paintBoxOutline(context, state.preview, scale, true);
      const shown = state.name === 'dragging' ? state.preview : state.name === 'snapping' ? state.regionQuery.seed : undefined;
      if (shown) paintPointMark(context, shown, scale, MARK_COLOUR);
    },
  },
  objects: {
    noun: 'marker',
    count: (annotation) => annotation.markers.length,
    probability: () => undefined,
    byModel: ({ markers, proposed = [] }, index) => {
      const marker = markers[index];
      return !!marker && proposed.some((point) => point.x === marker.x && point.y === marker.y);
    },
    detail: (annotation, index) => {
      const marker = annotation.markers[index];
      return marker ? `${marker.x}, ${marker.y}` : '';
    },
    selected: () => null,
    remove: (annotation, index) => withMarkers(annotation, annotation.markers.filter((_, i) => i !== index)),
  },
  exemplars: countExemplars,
  actions: [
    { id: 'count-up', label: 'Count one more', group: 'Answer', keys: ['ArrowUp'], perform: (ctx) => ctx.edit((a) => changeCount(a, 1)) },
    { id: 'count-down', label: 'Count one less', group: 'Answer', keys: ['ArrowDown'], perform: (ctx) => ctx.edit((a) => changeCount(a, -1)) },
  ],
  gestures: [
    { id: 'count-object', label: 'Count the object under the pointer (a marker on its centre; on a marker: take it back)', group: 'Mouse', keys: ['Click'] },
    { id: 'exact-marker', label: 'Count with a marker exactly where you click', group: 'Mouse', keys: ['Shift+Click'] },
    { id: 'exemplar-box', label: 'Box one object as an exemplar (it is counted): Find more like these counts the others', group: 'Mouse', keys: ['Drag'] },
  ],
  Panel: ({ annotation, edit, subjectName, probabilityOf, perform }) => (
    <div className="editor">
      <SubjectHeading name={subjectName(annotation.subject_uid)} probability={probabilityOf(annotation.subject_uid)} />
      <div className="editor__count">
        <button type="button" className="btn btn--secondary" aria-label="Count one less" title="↓" onClick={() => perform('count-down')}>
          −
        </button>
        <NumberField id="count-input" label="Count" labelHidden value={annotation.count} min={0} max={MAX_COUNT} onValue={(value) => edit((a) => typeCount(a, value))} />
        <button type="button" className="btn btn--secondary" aria-label="Count one more" title="↑" onClick={() => perform('count-up')}>
          +
        </button>
      </div>
      {Number.isFinite(annotation.count) && annotation.count !== annotation.markers.length && (
        <p className="editor__hint" data-testid="count-differs">
          The count ({annotation.count}) is not the number of markers ({annotation.markers.length}): the answer is the count.
        </p>
      )}
      <p className="editor__hint">
        A marker shows each object counted, the model&apos;s first. Click an object to count it (a marker lands on its centre;
        Shift+click places it exactly), click a marker to take it back; ↑ ↓ or typing set the count alone. Drag a box around one to
        three objects, then L (Find more like these) counts the others.
      </p>
    </div>
  ),
});
