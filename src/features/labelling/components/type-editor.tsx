import type { ChangeEvent } from 'react';
import type { Annotation } from '../annotation/types';
import { changeCount, chooseClass, deleteSelected, duplicateSelected, setCount, setOffset, toggleSubject } from '../annotation/edit';
import type { EditKind } from '../hooks/use-item-editor';

export interface TypeEditorProps {
  annotation: Annotation;
  subjectName: (uid: string) => string;
  probabilityOf: (uid: string) => number | null;
  edit: (change: (annotation: Annotation) => Annotation, kind?: EditKind) => void;
}

const percent = (p: number | null) => (p === null ? '' : ` (${Math.round(p * 100)}%)`);
const wholeNumber = (event: ChangeEvent<HTMLInputElement>) => (event.target.value === '' ? NaN : Number(event.target.value));

/** The side panel's controls for the annotation's type; the canvas handles the drawing. */
export function TypeEditor({ annotation, subjectName, probabilityOf, edit }: TypeEditorProps) {
  switch (annotation.type) {
    case 'classification':
      return (
        <fieldset className="editor">
          <legend>Choose the class (keys 1–9)</legend>
          {annotation.options.map((uid, index) => (
            <label key={uid} className="editor__choice">
              <input
                type="radio"
                name="class"
                checked={annotation.choice === uid}
                onChange={() => edit((a) => (a.type === 'classification' ? chooseClass(a, index) : a))}
              />
              <kbd>{index + 1}</kbd> {subjectName(uid)}
              {percent(probabilityOf(uid))}
            </label>
          ))}
        </fieldset>
      );
    case 'detection_fullframe':
      return (
        <fieldset className="editor">
          <legend>Present in the image (keys 1–9)</legend>
          {annotation.subjects.map((subject, index) => (
            <label key={subject.subject_uid} className="editor__choice">
              <input
                type="checkbox"
                checked={subject.present}
                onChange={() => edit((a) => (a.type === 'detection_fullframe' ? toggleSubject(a, index) : a))}
              />
              <kbd>{index + 1}</kbd> {subjectName(subject.subject_uid)}
              {percent(probabilityOf(subject.subject_uid))}
            </label>
          ))}
        </fieldset>
      );
    case 'box_detection':
    case 'point': {
      const count = annotation.type === 'box_detection' ? annotation.boxes.length : annotation.points.length;
      const [noun, plural] = annotation.type === 'box_detection' ? ['box', 'boxes'] : ['point', 'points'];
      return (
        <div className="editor">
          <p className="editor__subject">{subjectName(annotation.subject_uid)}{percent(probabilityOf(annotation.subject_uid))}</p>
          <p aria-live="polite">
            {count} {count === 1 ? noun : plural}
            {annotation.selected !== null && `, #${annotation.selected + 1} selected`}
          </p>
          <p className="editor__hint">
            {annotation.type === 'box_detection'
              ? 'Drag to draw (or click, then click). Drag a box to move it, its handles to resize. Alt+drag draws over a box.'
              : 'Click to place a point, drag to move it, Alt+click removes it.'}
          </p>
          <div className="editor__buttons">
            {annotation.type === 'box_detection' && (
              <button type="button" className="btn btn--secondary" disabled={annotation.selected === null} onClick={() => edit((a) => (a.type === 'box_detection' ? duplicateSelected(a) : a))}>
                Duplicate
              </button>
            )}
            <button
              type="button"
              className="btn btn--secondary"
              disabled={annotation.selected === null}
              onClick={() => edit((a) => (a.type === 'box_detection' || a.type === 'point' ? deleteSelected(a) : a))}
            >
              Delete selected
            </button>
          </div>
        </div>
      );
    }
    case 'static_count':
      return (
        <div className="editor">
          <p className="editor__subject">{subjectName(annotation.subject_uid)}{percent(probabilityOf(annotation.subject_uid))}</p>
          <div className="editor__count">
            <button type="button" className="btn btn--secondary" aria-label="Count one less" onClick={() => edit((a) => (a.type === 'static_count' ? changeCount(a, -1) : a))}>
              −
            </button>
            <label className="visually-hidden" htmlFor="count-input">
              Count
            </label>
            <input
              id="count-input"
              className="field__input"
              type="number"
              min={0}
              value={annotation.count}
              onChange={(event) => edit((a) => (a.type === 'static_count' ? setCount(a, wholeNumber(event)) : a))}
            />
            <button type="button" className="btn btn--secondary" aria-label="Count one more" onClick={() => edit((a) => (a.type === 'static_count' ? changeCount(a, 1) : a))}>
              +
            </button>
          </div>
          <p className="editor__hint">Click the image to mark each one (the markers set the count); click a marker to remove it.</p>
        </div>
      );
    case 'offset_x':
    case 'offset_y': {
      const max = annotation.type === 'offset_x' ? annotation.bounds.x1 : annotation.bounds.y1;
      return (
        <div className="editor">
          <p className="editor__subject">{subjectName(annotation.subject_uid)}{percent(probabilityOf(annotation.subject_uid))}</p>
          <label className="field__label" htmlFor="offset-input">
            Offset from the {annotation.type === 'offset_x' ? 'left' : 'top'} edge (px, 0–{max})
          </label>
          <input
            id="offset-input"
            className="field__input"
            type="number"
            min={0}
            max={max}
            value={annotation.offset ?? ''}
            onChange={(event) => edit((a) => (a.type === 'offset_x' || a.type === 'offset_y' ? setOffset(a, wholeNumber(event)) : a))}
          />
          <p className="editor__hint">Click or drag on the image to move the line; the arrow keys move it 1 px (Shift: 10 px).</p>
        </div>
      );
    }
  }
}
