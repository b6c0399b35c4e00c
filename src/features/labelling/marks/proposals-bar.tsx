import type { KeyboardEvent } from 'react';
import { percent } from '../type-kit/percent';
import type { WorkspaceAction } from '../contract/type-module';
import { ActionButton } from '../shortcuts/action-button';

export interface ProposalsBarProps {
  /** The model's marks shown, of all it proposed for the item. */
  readonly shown: number;
  readonly total: number;
  /** 0..1: the model's marks under it are hidden, and left out of the answer. */
  readonly floor: number;
  readonly onFloor: (floor: number) => void;
  readonly action: (id: string) => WorkspaceAction | undefined;
  readonly enabled: (id: string) => boolean;
  readonly perform: (id: string) => void;
}

/** Keys a focused slider moves itself by: the workspace's keys (nudging a selected mark) leave them alone. */
const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * The model's proposals at a glance: how many are shown, the confidence floor that hides the others (remembered per
 * application), and what is done to all of them at once.
 */
export function ProposalsBar({ shown, total, floor, onFloor, action, enabled, perform }: ProposalsBarProps) {
  const hidden = total - shown;
  return (
    <section className="proposals" aria-label="Proposals">
      <div className="proposals__header">
        <h2 className="proposals__title">Proposals</h2>
        <output className="proposals__tally" aria-live="polite">
          {shown} shown of {total}
        </output>
      </div>
      <label className="proposals__floor">
        <span>
          Confidence ≥ <span className="proposals__value">{percent(floor)}</span>
        </span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={Math.round(floor * 100)}
          aria-valuetext={`${percent(floor)}, ${shown} of ${total} proposals shown`}
          onChange={(event) => onFloor(Number(event.target.value) / 100)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => SLIDER_KEYS.has(event.key) && event.stopPropagation()}
        />
      </label>
      <p className="proposals__note">
        {hidden > 0 ? `${hidden} hidden ${hidden === 1 ? 'proposal is' : 'proposals are'} left out of the answer.` : 'Every proposal is shown.'}
      </p>
      <div className="proposals__buttons">
        {['accept-shown', 'delete-proposals'].map((id) => (
          <ActionButton key={id} action={action(id)} onPerform={perform} enabled={enabled(id)} variant="secondary" showKey />
        ))}
      </div>
    </section>
  );
}
