import { Link } from 'react-router';
import { SyncIndicator } from './sync-indicator';
import { useLabellingData } from './outbox-provider';

/** The outbox's state for the page frame: shown while there is something to say, with refused answers first. */
export function OutboxStatus() {
  const { status, refusals } = useLabellingData();
  const refusal = refusals[0];
  if (refusal) {
    const { tenantId, appId, body } = refusal.entry;
    return (
      <Link
        className="sync sync--refused"
        to={`/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(appId)}/media/${encodeURIComponent(body.media_id)}/label`}
        title={refusal.message}
      >
        {refusals.length === 1 ? 'An answer was refused: correct it' : `${refusals.length} answers were refused`}
      </Link>
    );
  }
  if (status.state === 'idle') return null;
  return <SyncIndicator status={status} />;
}
