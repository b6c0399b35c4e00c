import { asList, markBounds, primaryProposal, primarySubject } from '../annotation/target';
import { paintBoxes } from '../canvas/paint';
import { BoxOutline, Crosshair, SelectedBox } from '../canvas/overlay-shapes';
import { SELECTED_COLOUR } from '../canvas/paint';
import { MIN_BOX_SIZE, TOLERANCE_PX } from '../canvas/tool-tolerances';
import { intersectBoxes, roundBox, translateBox } from '../geometry/box';
import { hitTestBoxes, probe } from '../geometry/hit-test';
import { boxKey } from '../proposals';
import type { Box } from '../geometry/types';
import type { BoxToolState } from '../tools/box-tool';
import { BOX_TOOL_IDLE, boxTool, movingCorner } from '../tools/box-tool';
import { magnifierAction } from '../drawing-aids/magnifier-store';
import type { MarkList } from './selection';
import { markObjects, select, selectionActions } from './selection';
import { MarkCount, SubjectHeading } from './subject-heading';
import type { ActionContext } from './type-module';
import { defineTypeModule } from './type-module';

export interface BoxAnnotation {
  readonly type: 'box_detection';
  readonly subject_uid: string;
  /** Where boxes may go: the media, or the focus box. */
  readonly bounds: Box;
  readonly boxes: readonly Box[];
  readonly selected: number | null;
}

const isBoxRegion = (item: unknown): item is { box: Box } =>
  !!item && typeof item === 'object' && 'box' in item && !!item.box && typeof item.box === 'object';

export const boxList: MarkList<BoxAnnotation, Box> = {
  marks: (a) => a.boxes,
  selected: (a) => a.selected,
  withMarks: (a, boxes, selected) => ({ ...a, boxes, selected }),
  move: (box, dx, dy, bounds) => translateBox(box, { x: dx, y: dy }, bounds),
  bounds: (a) => a.bounds,
};

/** Copies the selected box, shifted by `offset` pixels (less at the media's edge), and selects the copy. */
export function duplicateSelected(annotation: BoxAnnotation, offset = 10): BoxAnnotation {
  const box = annotation.selected === null ? undefined : annotation.boxes[annotation.selected];
  if (!box) return annotation;
  const copy = translateBox(box, { x: offset, y: offset }, annotation.bounds);
  return { ...annotation, boxes: [...annotation.boxes, copy], selected: annotation.boxes.length };
}

const hasSelection = (ctx: ActionContext<BoxAnnotation>) => ctx.annotation.selected !== null;

/** Boxes around every object of the subject; no boxes means the subject is absent (False, no app_data). */
export const boxDetection = defineTypeModule<BoxAnnotation, BoxToolState>({
  type: 'box_detection',
  initial: (app, target) => {
    const subject_uid = primarySubject(app, target);
    if (subject_uid === undefined) return null;
    const bounds = markBounds(target);
    const boxes = asList(primaryProposal(app, target)?.app_data)
      .filter(isBoxRegion)
      .map((region) => intersectBoxes(roundBox(region.box), bounds))
      .filter((box): box is Box => box !== null);
    return { type: 'box_detection', subject_uid, bounds, boxes, selected: null };
  },
  missingInput: () => null,
  answer: ({ subject_uid, boxes }) =>
    boxes.length === 0
      ? [{ subject_uid, result: 'False' }]
      : [{ subject_uid, result: 'True', app_data_type: 'box_set', app_data: boxes.map(({ x0, y0, x1, y1 }) => ({ box: { x0, y0, x1, y1 } })) }],
  reject: (_app, { subject_uid }) => [{ subject_uid, result: 'False' }],
  clearSelection: (annotation) => select(boxList, annotation, null),
  marksInFocus: true,
  tool: {
    idle: BOX_TOOL_IDLE,
    reduce: (state, event, annotation, scale) =>
      boxTool(state, event, { ...annotation, scale, tolerancePx: TOLERANCE_PX, minSize: MIN_BOX_SIZE }),
    apply: (annotation, change) => {
      if (change.kind === 'select') return select(boxList, annotation, change.selected);
      if (change.kind === 'boxes') return { ...annotation, boxes: change.boxes, selected: change.selected };
      return annotation;
    },
    dragged: (state) => (state.name === 'translating' || state.name === 'resizing' ? state.index : null),
    paint: (context, annotation, scene) => paintBoxes(context, annotation.boxes, scene),
    markAt: (annotation, at, scale) => hitTestBoxes(annotation.boxes, annotation.selected, probe(at, scale, TOLERANCE_PX))?.index ?? null,
    markCount: (annotation) => annotation.boxes.length,
    Overlay: ({ annotation, state, scale, media }) => {
      if (state.name === 'drawing' || state.name === 'placing') {
        return (
          <>
            <Crosshair at={movingCorner(state.origin, state.preview)} media={media} />
            <BoxOutline box={state.preview} colour={SELECTED_COLOUR} dashed />
          </>
        );
      }
      if (state.name === 'tightening') return <BoxOutline box={state.regionQuery.inside} colour={SELECTED_COLOUR} dashed />;
      if (state.name === 'translating' || state.name === 'resizing') return <SelectedBox box={state.preview} scale={scale} />;
      const selected = annotation.selected === null ? undefined : annotation.boxes[annotation.selected];
      return selected ? <SelectedBox box={selected} scale={scale} /> : null;
    },
  },
  objects: markObjects(boxList, 'box', boxKey, (box) => `${box.x1 - box.x0} × ${box.y1 - box.y0}`),
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
    return (
      <div className="editor">
        <SubjectHeading name={subjectName(annotation.subject_uid)} probability={probabilityOf(annotation.subject_uid)} />
        <MarkCount count={count} one="box" many="boxes" selected={annotation.selected} />
        <p className="editor__hint">
          Drag to draw (or click, then click). Shift+click an object to box it, or Shift+drag roughly around it. Drag a box to move
          it, its handles to resize. Alt+drag draws over a box. M shows a magnifier.
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
