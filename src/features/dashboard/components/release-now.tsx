import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { modelVersionName, useReleaseNow } from '../api/models';
import { keptBackSentence } from '../utils/measure-words';

/** The manager's "Release now": starts a release and says how it went, while the page keeps working. */
export function ReleaseNow({ appId }: { appId: string }) {
  const { status, running, outcome, start } = useReleaseNow(appId);
  const version = status.data?.release_model_count ?? null;
  const decision = status.data?.last_candidate ?? null;
  return (
    <div className="release-now">
      <Button variant="primary" busy={running || start.isPending} onClick={() => start.mutate()}>
        Release now
      </Button>
      <p className="muted" role="status">
        {running
          ? 'Releasing a new model: re-fitting to the training answers and measuring on the held-out ones…'
          : outcome === 'released' && version !== null
            ? `${modelVersionName(version)} released.`
            : outcome === 'kept-back' && decision
              ? keptBackSentence(decision)
              : null}
      </p>
      {outcome === 'failed' && <Alert>The release did not finish. The current model stays; try again, or see the service log.</Alert>}
      {start.isError && <Alert>{start.error.message}</Alert>}
    </div>
  );
}
