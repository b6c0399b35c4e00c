import { asNumber, mediaBounds, primaryProposal, primarySubject } from '../../contract/target';
import { paintOffsetLine, SELECTED_COLOUR } from '../../type-kit/paint-marks';
import { TOLERANCE_PX } from '../../type-kit/tool-tolerances';
import type { Box } from '../../geometry/types';
import type { OffsetLineToolState } from './offset-line-tool';
import { OFFSET_LINE_TOOL_IDLE, offsetLineTool } from './offset-line-tool';
import { NumberField } from '../../type-kit/number-field';
import { SubjectHeading } from '../../type-kit/subject-heading';
import type { Direction } from '../../type-kit/selection';
import { DIRECTIONS, nudgeActions } from '../../type-kit/selection';
import { defineTypeModule } from '../../contract/type-module';

export interface OffsetAnnotation {
  readonly type: 'offset_x' | 'offset_y';
  readonly subject_uid: string;
  /** The whole media: an offset is measured from its edge, focus or not. */
  readonly bounds: Box;
  /** Pixels from the left (offset_x) or top (offset_y) edge of the media; null until placed. */
  readonly offset: number | null;
}

const axisOf = (type: OffsetAnnotation['type']) => (type === 'offset_x' ? 'x' : 'y');
const rangeOf = ({ type, bounds }: OffsetAnnotation) => (axisOf(type) === 'x' ? [bounds.x0, bounds.x1] : [bounds.y0, bounds.y1]);

export function setOffset(annotation: OffsetAnnotation, offset: number): OffsetAnnotation {
  if (!Number.isFinite(offset)) return annotation;
  const [min, max] = rangeOf(annotation) as [number, number];
  const next = Math.min(max, Math.max(min, Math.round(offset)));
  return next === annotation.offset ? annotation : { ...annotation, offset: next };
}

/** The offset exactly as typed (NaN: no line yet): the answer rule, not the field, refuses one outside the media. */
const typeOffset = (annotation: OffsetAnnotation, offset: number): OffsetAnnotation => ({ ...annotation, offset: Number.isNaN(offset) ? null : offset });

/** Moves the line; a line not yet placed starts from the reference edge. */
export const nudgeOffset = (annotation: OffsetAnnotation, delta: number) => setOffset(annotation, (annotation.offset ?? 0) + delta);

/** offset_x and offset_y: one line across the image, at a distance from the left or the top edge. */
function offsetModule(type: OffsetAnnotation['type'], edge: string, directions: readonly Direction[]) {
  const axis = axisOf(type);
  return defineTypeModule<OffsetAnnotation, OffsetLineToolState>({
    type,
    initial: (app, target) => {
      const subject_uid = primarySubject(app, target);
      if (subject_uid === undefined) return null;
      const start: OffsetAnnotation = { type, subject_uid, bounds: mediaBounds(target), offset: null };
      const proposed = asNumber(primaryProposal(app, target)?.app_data);
      return proposed === null ? start : setOffset(start, proposed);
    },
    missingInput: (annotation) => (annotation.offset === null ? 'Place the line first.' : null),
    answer: ({ subject_uid, offset }) => [{ subject_uid, result: 'True', app_data_type: type, app_data: offset ?? 0 }],
    reject: (_app, { subject_uid }) => [{ subject_uid, result: 'False' }],
    marksInFocus: false,
    tool: {
      idle: OFFSET_LINE_TOOL_IDLE,
      reduce: (state, event, annotation, scale) =>
        offsetLineTool(state, event, { bounds: annotation.bounds, axis, offset: annotation.offset, scale, tolerancePx: TOLERANCE_PX }),
      apply: (annotation, change) => (change.kind === 'offset' ? setOffset(annotation, change.offset) : annotation),
      dragged: (state) => (state.name === 'dragging' ? 0 : null),
      paint: (context, annotation, scene) => {
        if (annotation.offset !== null && scene.dragged === null) paintOffsetLine(context, axis, annotation.offset, scene.media, scene.scale);
      },
      markCount: (annotation) => (annotation.offset === null ? 0 : 1),
      markAt: () => null,
      paintOverlay: (context, _annotation, state, { scale, media }) => {
        if (state.name === 'dragging') paintOffsetLine(context, axis, state.preview, media, scale, SELECTED_COLOUR);
      },
    },
    actions: nudgeActions<OffsetAnnotation>(directions, undefined, (a, dx, dy) => nudgeOffset(a, axis === 'x' ? dx : dy)),
    Panel: ({ annotation, edit, subjectName, probabilityOf }) => {
      const [, max] = rangeOf(annotation);
      return (
        <div className="editor">
          <SubjectHeading name={subjectName(annotation.subject_uid)} probability={probabilityOf(annotation.subject_uid)} />
          <NumberField
            id="offset-input"
            label={`Offset from the ${edge} edge (px, 0–${max})`}
            value={annotation.offset}
            min={0}
            max={max}
            onValue={(value) => edit((a) => typeOffset(a, value))}
          />
          <p className="editor__hint">Click or drag on the image to move the line; the arrow keys move it 1 px (Shift: 10 px).</p>
        </div>
      );
    },
  });
}

export const offsetX = offsetModule('offset_x', 'left', DIRECTIONS.filter((d) => d.dy === 0));
export const offsetY = offsetModule('offset_y', 'top', DIRECTIONS.filter((d) => d.dx === 0));
