import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { ObjectOrder } from '../view/mark-view-store';
import { hoverMark, orderObjects, toggleMarkHidden, useMarkView } from '../view/mark-view-store';
import { classColour } from '../type-kit/class-colours';
import { percent } from '../type-kit/percent';
import type { AnnotationBase, Edit, MarkObjects } from '../contract/type-module';
import { neighbourRow, objectRows, rowAfterRemoval } from './object-rows';
import './object-list.css';

const ROW_HEIGHT = 28;
const ORDERS: readonly { value: ObjectOrder; label: string }[] = [
  { value: 'drawn', label: 'As drawn' },
  { value: 'least-confident', label: 'Least confident first' },
  { value: 'most-confident', label: 'Most confident first' },
];

export interface ObjectListProps {
  readonly annotation: AnnotationBase;
  readonly objects: MarkObjects<AnnotationBase>;
  readonly edit: Edit<AnnotationBase>;
  /** The application's detection threshold for a subject: the model's marks under it are doubtful. */
  readonly thresholdOf: (subjectUid: string) => number;
  readonly subjectName: (subjectUid: string) => string;
  /** The classes marks may have (one: no class is shown). */
  readonly classes: readonly string[];
}

const rowId = (index: number) => `object-${index}`;

/**
 * Every mark of the item with its source (the model, with its probability, or the labeller), to select, hide or
 * delete one; hovering a row highlights its mark on the canvas and the other way round. Only the rows in view are
 * in the DOM, so thousands of boxes cost what a screenful does.
 */
export function ObjectList({ annotation, objects, edit, thresholdOf, subjectName, classes }: ObjectListProps) {
  const order = useMarkView((s) => s.order);
  const hovered = useMarkView((s) => s.hovered);
  const hidden = useMarkView((s) => s.hidden);
  const count = objects.count(annotation);
  const subjectOf = (index: number) => objects.subject?.(annotation, index) ?? '';
  const rows = useMemo(
    () =>
      objectRows(
        { count, probability: (index) => objects.probability(annotation, index), threshold: (index) => thresholdOf(objects.subject?.(annotation, index) ?? '') },
        order,
      ),
    [annotation, objects, count, thresholdOf, order],
  );
  const selected = objects.selected(annotation);
  // Types without a selection (count markers) still walk the list: the active row is then the list's own.
  const [cursor, setCursor] = useState<number | null>(null);
  const active = selected ?? (cursor !== null && cursor < count ? cursor : null);
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 216, height: 200 },
  });
  const focusAfterRender = useRef<number | null>(null);
  const noun = objects.noun.charAt(0).toUpperCase() + objects.noun.slice(1);

  const position = rows.findIndex((row) => row.index === active);
  useEffect(() => {
    if (position >= 0) virtualizer.scrollToIndex(position, { align: 'auto' });
  }, [position, virtualizer]);
  useEffect(() => {
    const index = focusAfterRender.current;
    if (index === null) return;
    focusAfterRender.current = null;
    document.getElementById(rowId(index))?.focus();
  });

  function activate(index: number | null) {
    setCursor(index);
    hoverMark(index);
    const select = objects.select;
    if (select) edit((a) => select(a, index), 'select');
  }

  function remove(index: number) {
    edit((a) => objects.remove(a, index));
    hoverMark(null);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    const index = row ? Number(row.dataset.index) : active;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const next = neighbourRow(rows, index, event.key === 'ArrowDown' ? 1 : -1);
      activate(next);
      focusAfterRender.current = next;
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && index !== null) {
      focusAfterRender.current = rowAfterRemoval(rows, index);
      remove(index);
    } else {
      return;
    }
    // The workspace's own keys (nudging, deleting the selection) leave a handled key alone.
    event.preventDefault();
  }

  const doubtfulCount = rows.filter((row) => row.doubtful).length;
  return (
    <section className="object-list" aria-label="Objects">
      <header className="object-list__header">
        <h2 className="object-list__title">
          Objects <span className="object-list__count">{count}</span>
        </h2>
        <label className="object-list__order">
          <span className="visually-hidden">Order</span>
          <select className="field__input" value={order} onChange={(event) => orderObjects(event.target.value as ObjectOrder)}>
            {ORDERS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </header>
      {doubtfulCount > 0 && (
        <p className="object-list__note">
          {doubtfulCount} under the detection threshold, drawn dashed.
        </p>
      )}
      {count === 0 ? (
        <p className="object-list__empty">None yet.</p>
      ) : (
        <div ref={setScrollElement} className="object-list__scroll" onKeyDown={handleKeyDown} onPointerLeave={() => hoverMark(null)}>
          <ul style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const name = `${noun} ${row.index + 1}`;
              const className = classes.length > 1 ? subjectName(subjectOf(row.index)) : null;
              const isHidden = hidden.has(row.index);
              // the row is narrow: with a class shown, the number stands for the noun, and the percent for the model
              const shownName = className ? `#${row.index + 1}` : name;
              const mine = row.probability === undefined && !objects.byModel?.(annotation, row.index);
              const source = row.probability !== undefined ? percent(row.probability) : mine ? 'you' : 'model';
              return (
                <li
                  key={row.index}
                  data-index={row.index}
                  className="object-list__row"
                  data-active={row.index === active || undefined}
                  data-hovered={row.index === hovered || undefined}
                  data-hidden={isHidden || undefined}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                  onPointerEnter={() => hoverMark(row.index)}
                >
                  <button
                    type="button"
                    id={rowId(row.index)}
                    className="object-list__pick"
                    aria-current={row.index === active || undefined}
                    title={objects.detail(annotation, row.index)}
                    aria-label={`${name}, ${className ? `${className}, ` : ''}${objects.detail(annotation, row.index)}, ${mine ? 'yours' : `the model's${row.probability === undefined ? '' : `, ${percent(row.probability)}`}`}${row.doubtful ? ', under the threshold' : ''}`}
                    onClick={() => activate(row.index)}
                  >
                    <svg className="object-list__swatch" width="14" height="12" aria-hidden="true">
                      <rect
                        x="1"
                        y="1"
                        width="12"
                        height="10"
                        strokeDasharray={row.doubtful ? '3 2' : undefined}
                        style={className ? { fill: classColour(classes, subjectOf(row.index)), stroke: 'rgba(0, 0, 0, 0.6)' } : undefined}
                      />
                    </svg>
                    <span className="object-list__name">{shownName}</span>
                    {className && <span className="object-list__class">{className}</span>}
                    <span
                      className={mine ? 'object-list__source object-list__source--you' : 'object-list__source'}
                      title={mine ? 'Yours' : "The model's proposal"}
                    >
                      {source}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="object-list__icon"
                    aria-pressed={isHidden}
                    aria-label={`Hide ${name}`}
                    title={isHidden ? 'Show' : 'Hide'}
                    onClick={() => toggleMarkHidden(row.index)}
                  >
                    {isHidden ? '◌' : '◉'}
                  </button>
                  <button type="button" className="object-list__icon" aria-label={`Delete ${name}`} title="Delete" onClick={() => remove(row.index)}>
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}
