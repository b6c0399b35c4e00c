import { asList, markBounds, primaryProposal, primarySubject } from '../annotation/target';
import { PointMark } from '../canvas/overlay-shapes';
import { paintPoints, SELECTED_COLOUR } from '../canvas/paint';
import { TOLERANCE_PX } from '../canvas/tool-tolerances';
import { clampPoint } from '../geometry/box';
import { hitTestPoints, probe } from '../geometry/hit-test';
import type { Box, ImagePoint } from '../geometry/types';
import { imagePoint } from '../geometry/types';
import type { PointToolState } from '../tools/point-tool';
import { POINT_TOOL_IDLE, pointTool } from '../tools/point-tool';
import { magnifierAction } from '../drawing-aids/magnifier-store';
import { MarkCount, SubjectHeading } from './subject-heading';
import type { MarkList } from './selection';
import { markObjects, select, selectionActions } from './selection';
import { pointKey } from '../proposals';
import { defineTypeModule } from './type-module';

export interface PointAnnotation {
  readonly type: 'point';
  readonly subject_uid: string;
  /** Where points may go: the media, or the focus box. */
  readonly bounds: Box;
  readonly points: readonly ImagePoint[];
  readonly selected: number | null;
}

const isPoint = (item: unknown): item is { x: number; y: number } =>
  !!item && typeof item === 'object' && typeof (item as { x: unknown }).x === 'number' && typeof (item as { y: unknown }).y === 'number';

export const pointList: MarkList<PointAnnotation, ImagePoint> = {
  marks: (a) => a.points,
  selected: (a) => a.selected,
  withMarks: (a, points, selected) => ({ ...a, points, selected }),
  move: (p, dx, dy, bounds) => clampPoint(imagePoint(p.x + dx, p.y + dy), bounds),
  bounds: (a) => a.bounds,
};

/** One point per object of interest; no points means the subject is absent. */
export const point = defineTypeModule<PointAnnotation, PointToolState>({
  type: 'point',
  initial: (app, target) => {
    const subject_uid = primarySubject(app, target);
    if (subject_uid === undefined) return null;
    const bounds = markBounds(target);
    const points = asList(primaryProposal(app, target)?.app_data)
      .filter(isPoint)
      .map((p) => clampPoint(imagePoint(Math.round(p.x), Math.round(p.y)), bounds));
    return { type: 'point', subject_uid, bounds, points, selected: null };
  },
  missingInput: () => null,
  answer: ({ subject_uid, points }) =>
    points.length === 0
      ? [{ subject_uid, result: 'False' }]
      : [{ subject_uid, result: 'True', app_data_type: 'point', app_data: points.map(({ x, y }) => ({ x, y })) }],
  reject: (_app, { subject_uid }) => [{ subject_uid, result: 'False' }],
  clearSelection: (annotation) => select(pointList, annotation, null),
  marksInFocus: true,
  tool: {
    idle: POINT_TOOL_IDLE,
    reduce: (state, event, annotation, scale) => pointTool(state, event, { ...annotation, scale, tolerancePx: TOLERANCE_PX, snapsToObjects: true }),
    apply: (annotation, change) => {
      if (change.kind === 'select') return select(pointList, annotation, change.selected);
      if (change.kind === 'points') return { ...annotation, points: change.points, selected: change.selected };
      return annotation;
    },
    dragged: (state) => (state.name === 'dragging' ? state.index : null),
    paint: (context, annotation, scene) => paintPoints(context, annotation.points, scene),
    markAt: (annotation, at, scale) => hitTestPoints(annotation.points, probe(at, scale, TOLERANCE_PX)),
    markCount: (annotation) => annotation.points.length,
    Overlay: ({ annotation, state, scale }) => {
      if (state.name === 'dragging') return <PointMark {...state.preview} scale={scale} colour={SELECTED_COLOUR} />;
      if (state.name === 'snapping') return <PointMark {...state.regionQuery.seed} scale={scale} colour={SELECTED_COLOUR} />;
      const selected = annotation.selected === null ? undefined : annotation.points[annotation.selected];
      return selected ? <PointMark {...selected} scale={scale} colour={SELECTED_COLOUR} /> : null;
    },
  },
  objects: markObjects(pointList, 'point', pointKey, (p) => `${p.x}, ${p.y}`),
  actions: [...selectionActions(pointList), magnifierAction<PointAnnotation>()],
  gestures: [
    { id: 'snap-point', label: 'Place a point on the centre of the object under the pointer', group: 'Mouse', keys: ['Click'] },
    { id: 'exact-point', label: 'Place a point exactly where you click', group: 'Mouse', keys: ['Shift+Click'] },
    { id: 'remove-point', label: 'Remove a point', group: 'Mouse', keys: ['Alt+Click'] },
  ],
  Panel: ({ annotation, subjectName, probabilityOf, perform }) => {
    const count = annotation.points.length;
    return (
      <div className="editor">
        <SubjectHeading name={subjectName(annotation.subject_uid)} probability={probabilityOf(annotation.subject_uid)} />
        <MarkCount count={count} one="point" many="points" selected={annotation.selected} />
        <p className="editor__hint">
          Click an object to place a point on its centre (Shift+click places it exactly where you click), drag to move it, Alt+click
          removes it. M shows a magnifier.
        </p>
        <div className="editor__buttons">
          <button type="button" className="btn btn--secondary" disabled={annotation.selected === null} onClick={() => perform('delete')}>
            Delete selected
          </button>
        </div>
      </div>
    );
  },
});
