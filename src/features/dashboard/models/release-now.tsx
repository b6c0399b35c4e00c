import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { modelVersionName, useReleaseNow } from './model-queries';
import { keptBackSentence } from './measure-words';
import { ReleaseAnywayDialog } from './release-anyway-dialog';
import { formatDateTime } from '../shared/format-time';

/**
 * The manager's "Release now": starts a release and says how it went, while the page keeps working. When the
 * release rule kept the candidate back, "Release anyway" releases one after a confirmation, recorded as forced.
 */
export function ReleaseNow({ appId }: { appId: string }) {
  const { status, running, outcome, start } = useReleaseNow(appId);
  const [confirming, setConfirming] = useState(false);
  const version = status.data?.release_model_count ?? null;
  const decision = status.data?.last_candidate ?? null;
  const keptBack = !running && outcome === 'kept-back' && decision !== null;
  // Before any press here: what the last release (an automatic one, after enough answers) did with its candidate.
  const lastKeptBack = !running && outcome === null && decision !== null && decision.outcome !== 'released';
  return (
    <div className="release-now">
      <Button variant="primary" busy={running || start.isPending} onClick={() => start.mutate(undefined)}>
        Release now
      </Button>
      {(keptBack || lastKeptBack) && <Button onClick={() => setConfirming(true)}>Release anyway…</Button>}
      <p className="muted" role="status">
        {running
          ? 'Releasing a new model: re-fitting to the training answers and measuring on the held-out ones…'
          : outcome === 'released' && version !== null
            ? `${modelVersionName(version)} released${decision?.forced ? ' anyway (forced)' : ''}.`
            : keptBack
              ? keptBackSentence(decision)
              : lastKeptBack
                ? `Last release, ${formatDateTime(decision.decided_at)}: ${keptBackSentence(decision)}`
                : null}
      </p>
      {outcome === 'failed' && <Alert>The release did not finish. The current model stays; try again, or see the service log.</Alert>}
      {start.isError && <Alert>{start.error.message}</Alert>}
      <ReleaseAnywayDialog
        decision={confirming ? decision : null}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          start.mutate({ force: true });
        }}
      />
    </div>
  );
}
