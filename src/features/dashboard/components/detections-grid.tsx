import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { DetectionRecord } from '../../../api/types';
import { formatProbability } from '../utils/format-time';

const CELL = 168;
const GAP = 8;
const THUMB_WIDTH = '256';

export interface DetectionsGridProps {
  records: readonly DetectionRecord[];
  mediaHref: (mediaId: string) => string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
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

const topProbability = (record: DetectionRecord) => Math.max(...record.detections.map((d) => d.probability), 0);

/** Thumbnails in rows; only the rows in view are in the DOM, and reaching the end asks for the next page. */
export function DetectionsGrid({ records, mediaHref, hasMore, loadingMore, onLoadMore }: DetectionsGridProps) {
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const width = useWidth(scrollElement);
  const columns = Math.max(1, Math.floor((width + GAP) / (CELL + GAP)));
  const rowCount = Math.ceil(records.length / columns);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollElement,
    estimateSize: () => CELL + GAP,
    overscan: 4,
    initialRect: { width: 960, height: 720 },
  });
  const rows = virtualizer.getVirtualItems();
  const lastRow = rows[rows.length - 1];
  const onLoadMoreRef = useRef(onLoadMore);
  onLoadMoreRef.current = onLoadMore;

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
            style={{ top: row.start, height: CELL, gridTemplateColumns: `repeat(${columns}, ${CELL}px)` }}
          >
            {records.slice(row.index * columns, row.index * columns + columns).map((record, offset) => {
              const probability = formatProbability(topProbability(record));
              return (
                <Link
                  key={`${record.media.media_id}-${row.index * columns + offset}`}
                  className="thumb"
                  to={mediaHref(record.media.media_id)}
                  aria-label={`Media ${record.media.filename ?? record.media.media_id}, probability ${probability}`}
                >
                  <img src={record.media.resize_urls[THUMB_WIDTH] ?? record.media.media_url} alt="" loading="lazy" decoding="async" />
                  <span className="thumb__badge" aria-hidden="true">
                    {probability}
                  </span>
                </Link>
              );
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
