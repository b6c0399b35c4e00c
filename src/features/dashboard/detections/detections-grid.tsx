import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { DetectionRecord } from '../../../api/schemas/detections';
import { CAPTION_HEIGHT, GAP, thumbGrid } from './thumb-grid';
import { DetectionThumb } from './detection-thumb';

export interface DetectionsGridProps {
  records: readonly DetectionRecord[];
  /** The application's detection thresholds, by which a tile names the subjects found. */
  thresholds: Readonly<Record<string, number>>;
  mediaHref: (mediaId: string) => string;
  subjectName: (uid: string) => string;
  personName: (userId: string) => string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** The application whose items a manager may pick to queue for labelling; absent: no picking. */
  selectFor?: string;
}

function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(960);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/** Thumbnails in rows; only the rows in view are in the DOM, and reaching the end asks for the next page. */
export function DetectionsGrid({ records, thresholds, mediaHref, subjectName, personName, hasMore, loadingMore, onLoadMore, selectFor }: DetectionsGridProps) {
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const width = useWidth(scrollElement);
  const { columns, cellWidth, imageHeight, rowHeight } = thumbGrid(width);
  const rowCount = Math.ceil(records.length / columns);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollElement,
    estimateSize: () => rowHeight + GAP,
    overscan: 4,
    initialRect: { width: 960, height: 720 },
  });
  const rows = virtualizer.getVirtualItems();
  const lastRow = rows[rows.length - 1];
  const onLoadMoreRef = useRef(onLoadMore);
  onLoadMoreRef.current = onLoadMore;

  // Rows grow with the columns' width: place them again when it changes.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  useEffect(() => {
    if (lastRow && lastRow.index >= rowCount - 2 && hasMore && !loadingMore) onLoadMoreRef.current();
  }, [lastRow, rowCount, hasMore, loadingMore]);

  return (
    <div ref={setScrollElement} className="detections-grid" role="region" aria-label="Detections" tabIndex={0}>
      <ul style={{ position: 'relative', height: virtualizer.getTotalSize(), margin: 0, padding: 0, listStyle: 'none' }}>
        {rows.map((row) => (
          <li
            key={row.key}
            className="detections-grid__row"
            style={
              {
                top: row.start,
                height: rowHeight,
                gridTemplateColumns: `repeat(${columns}, ${cellWidth}px)`,
                '--thumb-rows': `${imageHeight}px ${CAPTION_HEIGHT}px`,
              } as CSSProperties
            }
          >
            {records.slice(row.index * columns, row.index * columns + columns).map((record, offset) => (
              <DetectionThumb
                key={`${record.media.media_id}-${row.index * columns + offset}`}
                record={record}
                thresholds={thresholds}
                href={mediaHref(record.media.media_id)}
                subjectName={subjectName}
                personName={personName}
                selectFor={selectFor}
              />
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
