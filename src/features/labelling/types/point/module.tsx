import { asList, markBounds, outputProposals } from '../../contract/target';
import { paintPoints, SELECTED_COLOUR, shownSelection } from '../../type-kit/paint-marks';
import { paintBoxOutline, paintPointHover, paintPointMark } from '../../type-kit/paint-overlay';
import { TOLERANCE_PX } from '../../type-kit/tool-tolerances';
import { boxContains, clampPoint } from '../../geometry/box';
import { hitTestPoints, probe } from '../../geometry/hit-test';
import type { Box, ImagePoint } from '../../geometry/types';
import { imagePoint } from '../../geometry/types';
import type { PointToolState } from '../../type-kit/point-tool';
import { POINT_TOOL_IDLE, pointTool } from '../../type-kit/point-tool';
import { magnifierAction } from '../../type-kit/magnifier-store';
import { answerPerSubject, asLabellers, classedParts, type ClassedList, type MarkClass, withClasses } from '../../type-kit/classed-marks';
import { ClassedHeading, MarkCount } from '../../type-kit/subject-heading';
import { changedMarks, markObjects, select, selectionActions } from '../../type-kit/selection';
import { defineTypeModule, type ExemplarMarks } from '../../contract/type-module';
import { boxesAround, centreOf, foundCentres, newestExemplars, newFinds } from '../../type-kit/exemplar-finds';

/** A point of one class (output subject); the model's carries its subject's probability until the labeller changes it. */
export type ClassedPoint = ImagePoint & MarkClass;

export interface PointAnnotation {
  readonly type: 'point';
  /** The output subjects, in the application's order: the classes a point can have. */
  readonly subjects: readonly string[];
  /** Where points may go: the media, or the focus box. */
  readonly bounds: Box;
  /** Shown and answered. */
  readonly points: readonly ClassedPoint[];
  /** The model's points under the confidence floor: neither shown nor answered. */
  readonly setAside: readonly ClassedPoint[];
  readonly selected: number | null;
  /** Boxes the labeller drew around objects as exemplars ("Find more like these"), each of a class; each object got a point too. */
  readonly exemplars?: readonly (Box & MarkClass)[];
}

const isPoint = (item: unknown): item is { x: number; y: number } =>
  !!item && typeof item === 'object' && typeof (item as { x: unknown }).x === 'number' && typeof (item as { y: unknown }).y === 'number';

export const pointList: ClassedList<PointAnnotation, ClassedPoint> = {
  marks: (a) => a.points,
  selected: (a) => a.selected,
  withMarks: (a, points, selected) => ({ ...a, points, selected }),
  move: (p, dx, dy, bounds) => asLabellers({ ...p, ...clampPoint(imagePoint(p.x + dx, p.y + dy), bounds) }),
  bounds: (a) => a.bounds,
  subjects: (a) => a.subjects,
  setAside: (a) => a.setAside,
  withSplit: (a, points, setAside, selected) => ({ ...a, points, setAside, selected }),
};

/** A draft of an older version (one subject, plain points): its points are the labeller's, of that subject. */
function revive(stored: object): PointAnnotation | null {
  if ('subjects' in stored && 'setAside' in stored) return stored as PointAnnotation;
  if (!('subject_uid' in stored) || !('points' in stored) || !('bounds' in stored)) return null;
  const old = stored as { subject_uid: string; points: ImagePoint[]; bounds: Box };
  const points = old.points.map((p) => ({ ...imagePoint(p.x, p.y), subject_uid: old.subject_uid }));
  return { type: 'point', subjects: [old.subject_uid], bounds: old.bounds, points, setAside: [], selected: null };
}

/** An exemplar box of the class: its object gets a point on its centre (the labeller's) unless one of the class is in it. */
function withExemplar(annotation: PointAnnotation, box: Box, subject_uid: string): PointAnnotation {
  const exemplars = newestExemplars([...(annotation.exemplars ?? []), { ...box, subject_uid }]);
  const marked = annotation.points.some((p) => p.subject_uid === subject_uid && boxContains(box, p));
  return marked ? { ...annotation, exemplars } : { ...annotation, exemplars, points: [...annotation.points, { ...centreOf(box), subject_uid }], selected: null };
}

/** The newest exemplar's class is searched with the exemplars of that class; the points found are the model's proposals. */
const pointExemplars: ExemplarMarks<PointAnnotation> = {
  of: ({ exemplars = [] }) => {
    const subjectUid = exemplars.at(-1)?.subject_uid;
    const boxes = newestExemplars(exemplars.filter((box) => box.subject_uid === subjectUid));
    return subjectUid === undefined || boxes.length === 0 ? null : { subjectUid, boxes };
  },
  withFinds: (annotation, found, { subjectUid, boxes }) => {
    const ofSubject = [...annotation.points, ...annotation.setAside].filter((p) => p.subject_uid === subjectUid);
    const existing = [...boxes, ...boxesAround(ofSubject, boxes)];
    const finds = newFinds(foundCentres(found, boxes), existing, annotation.bounds);
    if (finds.length === 0) return { annotation, added: 0 };
    const added = finds.map(({ box, probability }) => ({ ...centreOf(box), subject_uid: subjectUid, probability }));
    return { annotation: { ...annotation, points: [...annotation.points, ...added] }, added: added.length };
  },
};

/** One point per object of each class; a class without points is absent. */
export const point = defineTypeModule<PointAnnotation, PointToolState>({
  type: 'point',
  initial: (app, target) => {
    if (app.output_subjects.length === 0) return null;
    const bounds = markBounds(target);
    const points = outputProposals(app, target).flatMap((proposal) =>
      asList(proposal.app_data)
        .filter(isPoint)
        .map((p) => ({
          ...clampPoint(imagePoint(Math.round(p.x), Math.round(p.y)), bounds),
          subject_uid: proposal.subject_uid,
          probability: proposal.probability,
        })),
    );
    return { type: 'point', subjects: app.output_subjects, bounds, points, setAside: [], selected: null };
  },
  revive,
  missingInput: () => null,
  answer: ({ subjects, points }) => answerPerSubject(subjects, points, 'point', (own) => own.map(({ x, y }) => ({ x, y }))),
  reject: (app) => app.output_subjects.map((subject_uid) => ({ subject_uid, result: 'False' })),
  clearSelection: (annotation) => select(pointList, annotation, null),
  marksInFocus: true,
  tool: {
    idle: POINT_TOOL_IDLE,
    findsObjects: true,
    reduce: (state, event, annotation, scale) =>
      pointTool(state, event, { ...annotation, scale, tolerancePx: TOLERANCE_PX, snapsToObjects: true, framesExemplars: true }),
    apply: (annotation, change, newClass) => {
      if (change.kind === 'exemplar') return withExemplar(annotation, change.box, newClass ?? annotation.subjects[0] ?? '');
      if (change.kind === 'select') return select(pointList, annotation, change.selected);
      if (change.kind !== 'points') return annotation;
      const points = withClasses(change.points, annotation.points, newClass ?? annotation.subjects[0] ?? '');
      return { ...annotation, points, selected: change.selected };
    },
    dragged: (state) => (state.name === 'dragging' ? state.index : null),
    paint: (context, annotation, scene) => {
      for (const box of annotation.exemplars ?? []) paintBoxOutline(context, box, scene.scale, true);
      paintPoints(context, annotation.points, annotation.subjects, scene);
      const selected = shownSelection(annotation.points, annotation.selected, scene);
      if (selected) paintPointMark(context, selected, scene.scale, SELECTED_COLOUR);
    },
    paintHover: (context, annotation, index, scale) => paintPointHover(context, annotation.points[index], scale),
    markAt: (annotation, at, scale) => hitTestPoints(annotation.points, probe(at, scale, TOLERANCE_PX)),
    markCount: (annotation) => annotation.points.length,
    markArea: (annotation, index) => {
      const point = annotation.points[index];
      return point && { x0: point.x, y0: point.y, x1: point.x, y1: point.y };
    },
    // An exemplar box reaches beyond any point: the whole layer is drawn again.
    changedMarks: (before, after) => (before.exemplars === after.exemplars ? changedMarks(pointList, before, after) : null),
    paintOverlay: (context, _annotation, state, { scale }) => {
      if (state.name === 'framing') paintBoxOutline(context, state.preview, scale, true);
      if (state.name === 'dragging') paintPointMark(context, state.preview, scale, SELECTED_COLOUR);
    },
  },
  objects: markObjects(pointList, 'point', (p) => `${p.x}, ${p.y}`),
  ...classedParts(pointList),
  exemplars: pointExemplars,
  actions: [...selectionActions(pointList), magnifierAction<PointAnnotation>()],
  gestures: [
    { id: 'snap-point', label: 'Place a point on the centre of the object under the pointer', group: 'Mouse', keys: ['Click'] },
    { id: 'exact-point', label: 'Place a point exactly where you click', group: 'Mouse', keys: ['Shift+Click'] },
    { id: 'remove-point', label: 'Remove a point', group: 'Mouse', keys: ['Alt+Click'] },
    { id: 'exemplar-box', label: 'Box one object as an exemplar (it gets a point): Find more like these points at the others', group: 'Mouse', keys: ['Drag'] },
  ],
  Panel: ({ annotation, subjectName, probabilityOf, perform }) => {
    const count = annotation.points.length;
    const selectedPoint = annotation.selected === null ? undefined : annotation.points[annotation.selected];
    return (
      <div className="editor">
        <ClassedHeading subjects={annotation.subjects} subjectName={subjectName} probabilityOf={probabilityOf} />
        <MarkCount count={count} one="point" many="points" selected={annotation.selected} selectedClass={selectedPoint && annotation.subjects.length > 1 ? subjectName(selectedPoint.subject_uid) : null} />
        <p className="editor__hint">
          Click an object to place a point on its centre (Shift+click places it exactly where you click), drag to move it, Alt+click
          removes it. M shows a magnifier. Drag a box around one to three objects, then L (Find more like these) points at the others.
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
