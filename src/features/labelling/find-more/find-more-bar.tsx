import type { ReactNode } from 'react';
import type { FindNote } from './use-find-more';
import './find-more.css';

interface FindMoreBarProps {
  /** The registry's button for the action (its text, key and effect come from the one entry). */
  readonly button: ReactNode;
  readonly finding: boolean;
  readonly note: FindNote | null;
}

/** "Find more like these" at the canvas's edge, with what the find is doing or did. */
export function FindMoreBar({ button, finding, note }: FindMoreBarProps) {
  return (
    <div className="find-more" data-testid="find-more">
      {button}
      {finding && (
        <p className="find-more__note" role="status">
          Finding more like these…
        </p>
      )}
      {note && (
        <p className={`find-more__note${note.failed ? ' find-more__note--failed' : ''}`} role={note.failed ? 'alert' : 'status'}>
          {note.text}
        </p>
      )}
    </div>
  );
}
