import { asList, markBounds, outputProposals } from '../../contract/target';
import { paintBoxes, shownSelection } from '../../type-kit/paint-marks';
import { paintBoxHover, paintBoxOutline, paintCrosshair, paintSelectedBox } from '../../type-kit/paint-overlay';
import { MIN_BOX_SIZE, TOLERANCE_PX } from '../../type-kit/tool-tolerances';
import { intersectBoxes, roundBox, translateBox } from '../../geometry/box';
import { hitTestBoxes, probe } from '../../geometry/hit-test';
import type { Box } from '../../geometry/types';
import type { SubjectAnswer, SubjectBox } from '../../contract/frames';
import { interpolateBoxes } from './interpolate';
import type { BoxToolState } from './box-tool';
import { BOX_TOOL_IDLE, boxTool, movingCorner } from './box-tool';
import { magnifierAction } from '../../type-kit/magnifier-store';
import { answerPerSubject, asLabellers, classedParts, type ClassedList, type MarkClass, withClasses } from '../../type-kit/classed-marks';
import { changedMarks, markObjects, select, selectionActions } from '../../type-kit/selection';
import { ClassedHeading, MarkCount } from '../../type-kit/subject-heading';
import type { ActionContext, ExemplarMarks } from '../../contract/type-module';
import { foundBoxes, newestExemplars, newFinds } from '../../type-kit/exemplar-finds';
import { defineTypeModule } from '../../contract/type-module';

/** A box of one class (output subject); the model's carries its probability until the labeller changes it. */
export type ClassedBox = Box & MarkClass;

export interface BoxAnnotation {
  readonly type: 'box_detection';
  /** The output subjects, in the application's order: the classes a box can have. */
  readonly subjects: readonly string[];
  /** Where boxes may go: the media, or the focus box. */
  readonly bounds: Box;
  /** Shown and answered. */
  readonly boxes: readonly ClassedBox[];
  /** The model's boxes under the confidence floor: neither shown nor answered. */
  readonly setAside: readonly ClassedBox[];
  readonly selected: number | null;
}

const isBoxRegion = (item: unknown): item is { box: Box; probability?: number } =>
  !!item && typeof item === 'object' && 'box' in item && !!item.box && typeof item.box === 'object';

export const boxList: ClassedList<BoxAnnotation, ClassedBox> = {
  marks: (a) => a.boxes,
  selected: (a) => a.selected,
  withMarks: (a, boxes, selected) => ({ ...a, boxes, selected }),
  move: (box, dx, dy, bounds) => asLabellers({ ...box, ...translateBox(box, { x: dx, y: dy }, bounds) }),
  bounds: (a) => a.bounds,
  subjects: (a) => a.subjects,
  setAside: (a) => a.setAside,
  withSplit: (a, boxes, setAside, selected) => ({ ...a, boxes, setAside, selected }),
};

/** Copies the selected box (as the labeller's, in its class), shifted by `offset` pixels (less at the media's edge), and selects the copy. */
export function duplicateSelected(annotation: BoxAnnotation, offset = 10): BoxAnnotation {
  const box = annotation.selected === null ? undefined : annotation.boxes[annotation.selected];
  if (!box) return annotation;
  const copy = asLabellers({ ...box, ...translateBox(box, { x: offset, y: offset }, annotation.bounds) });
  return { ...annotation, boxes: [...annotation.boxes, copy], selected: annotation.boxes.length };
}

/** Every output subject's proposed boxes, in whole pixels inside the bounds, each with its probability (else its subject's). */
function proposedBoxes(proposals: ReturnType<typeof outputProposals>, bounds: Box): ClassedBox[] {
  return proposals.flatMap((proposal) =>
    asList(proposal.app_data)
      .filter(isBoxRegion)
      .flatMap((region) => {
        const box = intersectBoxes(roundBox(region.box), bounds);
        return box ? [{ ...box, subject_uid: proposal.subject_uid, probability: region.probability ?? proposal.probability }] : [];
      }),
  );
}

/** A draft of an older version (one subject, plain boxes): its boxes are the labeller's, of that subject. */
function revive(stored: object): BoxAnnotation | null {
  if ('subjects' in stored && 'setAside' in stored) return stored as BoxAnnotation;
  if (!('subject_uid' in stored) || !('boxes' in stored) || !('bounds' in stored)) return null;
  const old = stored as { subject_uid: string; boxes: Box[]; bounds: Box };
  const boxes = old.boxes.map(({ x0, y0, x1, y1 }) => ({ x0, y0, x1, y1, subject_uid: old.subject_uid }));
  return { type: 'box_detection', subjects: [old.subject_uid], bounds: old.bounds, boxes, setAside: [], selected: null };
}

/** The boxes of the answer's subjects (a box_set's regions), in whole pixels. */
function boxesOfAnswer(answer: readonly SubjectAnswer[]): SubjectBox[] {
  return answer.flatMap(({ subject_uid, app_data }) =>
    asList(app_data)
      .filter(isBoxRegion)
      .map((region) => ({ ...roundBox(region.box), subject_uid })),
  );
}

/** Exactly these boxes, as the labeller's: those of other classes or wholly outside the bounds are left out. */
function withFrameBoxes(annotation: BoxAnnotation, boxes: readonly SubjectBox[]): BoxAnnotation {
  const kept = boxes.flatMap((box) => {
    const inside = annotation.subjects.includes(box.subject_uid) && intersectBoxes(box, annotation.bounds);
    return inside ? [{ ...inside, subject_uid: box.subject_uid }] : [];
  });
  return { ...annotation, boxes: kept, setAside: [], selected: null };
}

/**
 * The labeller's own boxes (drawn, or proposals accepted by moving or resizing them) of one subject are the
 * exemplars: the selected box's subject, else the newest box's.
 */
const boxExemplars: ExemplarMarks<BoxAnnotation> = {
  of: ({ boxes, selected }) => {
    const own = boxes.filter((box) => box.probability === undefined);
    const chosen = selected === null ? undefined : boxes[selected];
    const subjectUid = (chosen?.probability === undefined ? chosen : undefined)?.subject_uid ?? own.at(-1)?.subject_uid;
    const exemplars = newestExemplars(own.filter((box) => box.subject_uid === subjectUid));
    return subjectUid === undefined || exemplars.length === 0 ? null : { subjectUid, boxes: exemplars };
  },
  withFinds: (annotation, found, { subjectUid }) => {
    const finds = newFinds(foundBoxes(found), [...annotation.boxes, ...annotation.setAside], annotation.bounds);
    if (finds.length === 0) return { annotation, added: 0 };
    const added = finds.map(({ box, probability }) => ({ ...box, subject_uid: subjectUid, probability }));
    return { annotation: { ...annotation, boxes: [...annotation.boxes, ...added] }, added: added.length };
  },
};

const hasSelection = (ctx: ActionContext<BoxAnnotation>) => ctx.annotation.selected !== null;

/** Boxes around every object of each class; a class without boxes is absent (False, no app_data). */
export const boxDetection = defineTypeModule<BoxAnnotation, BoxToolState>({
  type: 'box_detection',
  initial: (app, target) => {
    if (app.output_subjects.length === 0) return null;
    const bounds = markBounds(target);
    const boxes = proposedBoxes(outputProposals(app, target), bounds);
    return { type: 'box_detection', subjects: app.output_subjects, bounds, boxes, setAside: [], selected: null };
  },
  revive,
  missingInput: () => null,
  answer: ({ subjects, boxes }) =>
    answerPerSubject(subjects, boxes, 'box_set', (own) => own.map(({ x0, y0, x1, y1 }) => ({ box: { x0, y0, x1, y1 } }))),
  reject: (app) => app.output_subjects.map((subject_uid) => ({ subject_uid, result: 'False' })),
  clearSelection: (annotation) => select(boxList, annotation, null),
  marksInFocus: true,
  tool: {
    idle: BOX_TOOL_IDLE,
    findsObjects: true,
    reduce: (state, event, annotation, scale) =>
      boxTool(state, event, { ...annotation, scale, tolerancePx: TOLERANCE_PX, minSize: MIN_BOX_SIZE }),
    apply: (annotation, change, newClass) => {
      if (change.kind === 'select') return select(boxList, annotation, change.selected);
      if (change.kind !== 'boxes') return annotation;
      const boxes = withClasses(change.boxes, annotation.boxes, newClass ?? annotation.subjects[0] ?? '');
      return { ...annotation, boxes, selected: change.selected };
    },
    dragged: (state) => (state.name === 'translating' || state.name === 'resizing' ? state.index : null),
    paint: (context, annotation, scene) => {
      paintBoxes(context, annotation.boxes, annotation.subjects, scene);
      const selected = shownSelection(annotation.boxes, annotation.selected, scene);
      if (selected) paintSelectedBox(context, selected, scene.scale);
    },
    paintHover: (context, annotation, index, scale) => paintBoxHover(context, annotation.boxes[index], scale),
    markAt: (annotation, at, scale) => hitTestBoxes(annotation.boxes, annotation.selected, probe(at, scale, TOLERANCE_PX))?.index ?? null,
    markCount: (annotation) => annotation.boxes.length,
    markArea: (annotation, index) => annotation.boxes[index],
    changedMarks: (before, after) => changedMarks(boxList, before, after),
    paintOverlay: (context, _annotation, state, { scale, media }) => {
      if (state.name === 'drawing' || state.name === 'placing') {
        paintCrosshair(context, movingCorner(state.origin, state.preview), media, scale);
        paintBoxOutline(context, state.preview, scale, true);
      } else if (state.name === 'tightening') {
        paintBoxOutline(context, state.regionQuery.inside, scale, true);
      } else if (state.name === 'translating' || state.name === 'resizing') {
        paintSelectedBox(context, state.preview, scale);
      }
    },
  },
  objects: markObjects(boxList, 'box', (box) => `${box.x1 - box.x0} × ${box.y1 - box.y0}`),
  ...classedParts(boxList),
  frameBoxes: { fromAnswer: boxesOfAnswer, withBoxes: withFrameBoxes, interpolate: interpolateBoxes },
  exemplars: boxExemplars,
  actions: [
    ...selectionActions(boxList),
    {
      id: 'duplicate',
      label: 'Duplicate selected box',
      group: 'Edit',
      keys: ['Mod+D'],
      when: hasSelection,
      perform: (ctx) => ctx.edit(duplicateSelected),
    },
    magnifierAction<BoxAnnotation>(),
  ],
  gestures: [
    { id: 'box-object', label: "Box the object under the pointer (the detector's box, else its outline)", group: 'Mouse', keys: ['Shift+Click'] },
    { id: 'fit-box', label: 'Draw a rough box around an object: the object\'s own box replaces it', group: 'Mouse', keys: ['Shift+Drag'] },
    { id: 'draw-over', label: 'Draw a box over (or inside) another one', group: 'Mouse', keys: ['Alt+Drag'] },
  ],
  Panel: ({ annotation, subjectName, probabilityOf, perform }) => {
    const count = annotation.boxes.length;
    const selectedBox = annotation.selected === null ? undefined : annotation.boxes[annotation.selected];
    return (
      <div className="editor">
        <ClassedHeading subjects={annotation.subjects} subjectName={subjectName} probabilityOf={probabilityOf} />
        <MarkCount count={count} one="box" many="boxes" selected={annotation.selected} selectedClass={selectedBox && annotation.subjects.length > 1 ? subjectName(selectedBox.subject_uid) : null} />
        <p className="editor__hint">
          Drag to draw (or click, then click). Shift+click an object to box it, or Shift+drag roughly around it. Drag a box to move
          it, its handles to resize. Alt+drag draws over a box. M shows a magnifier. Box one to three objects of a kind yourself, then L
          (Find more like these) proposes the others.
        </p>
        <div className="editor__buttons">
          <button type="button" className="btn btn--secondary" disabled={annotation.selected === null} onClick={() => perform('duplicate')}>
            Duplicate
          </button>
          <button type="button" className="btn btn--secondary" disabled={annotation.selected === null} onClick={() => perform('delete')}>
            Delete selected
          </button>
        </div>
      </div>
    );
  },
});
