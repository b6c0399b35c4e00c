import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { previewImageUrl } from '../../../lib/image-choice';
import type { FrameTile } from './key-frames';
import './frame-strip.css';

export interface FrameStripProps {
  readonly tiles: readonly FrameTile[];
  /** The frame actions' buttons, at the strip's start. */
  readonly children: ReactNode;
}

/** The video's frames around this one along the canvas's bottom edge: this frame highlighted, answered ones ticked. */
export function FrameStrip({ tiles, children }: FrameStripProps) {
  const list = useRef<HTMLOListElement>(null);
  const currentId = tiles.find((tile) => tile.current)?.media.media_id;
  // Where the strip is narrower than its frames (a phone), this frame is scrolled to its middle.
  useLayoutEffect(() => {
    const element = list.current;
    const current = element?.querySelector<HTMLElement>('[aria-current]');
    if (element && current) element.scrollLeft = current.offsetLeft - (element.clientWidth - current.clientWidth) / 2;
  }, [currentId]);
  return (
    <section className="frame-strip" aria-label="Frames of the video">
      <div className="frame-strip__actions">{children}</div>
      <ol className="frame-strip__frames" ref={list}>
        {tiles.map((tile) => (
          <li
            key={tile.media.media_id}
            className="frame-strip__frame"
            aria-current={tile.current || undefined}
            data-answered={tile.answered || undefined}
            title={`Frame ${tile.frame}${tile.current ? ' (this one)' : tile.answered ? ', answered' : ''}`}
          >
            <img src={previewImageUrl(tile.media)} alt="" loading="lazy" decoding="async" draggable={false} />
            <span className="frame-strip__number">{tile.frame}</span>
            {tile.answered && <span className="frame-strip__answered" aria-label="answered">✓</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
