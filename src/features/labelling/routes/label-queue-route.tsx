import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { pendingCountQueryOptions } from '../../../lib/queries/application';
import { usePreferences } from '../../../lib/preferences';
import { applicationKeys } from '../../../lib/queries/keys';
import { StatusSummary } from '../workspace/status-summary';
import { UnlabellableMessage } from '../workspace/unlabellable-message';
import { Workspace } from '../workspace/workspace';
import { WorkspaceMessage } from '../workspace/workspace-message';
import { useDrafts } from '../workspace/use-drafts';
import { useQueueApplication } from '../workspace/use-queue-application';
import { useQueueSnapshot, useWorkQueue } from '../workspace/use-labelling-queue';
import { useSessionPace } from '../workspace/use-session-pace';
import { usePreviewImage } from '../workspace/use-preview-image';
import { useLabellingData } from '../outbox/outbox-provider';
import { useFrameNeighbours } from '../frames/use-frame-neighbours';
import { useTypeRegistry } from '../contract/registry-context';
import { withReactions } from '../queue/item-answers';
import { WithLabellingTypes } from './labelling-types';

/** Labelling an application's queue: pulls batches, answers through the outbox, moves on at once. */
export function Component() {
  return (
    <WithLabellingTypes>
      <LabelQueue />
    </WithLabellingTypes>
  );
}

function LabelQueue() {
  const types = useTypeRegistry();
  const { tenantId = '', appId = '' } = useParams();
  const queryClient = useQueryClient();
  const { application, subjectName, error: appError } = useQueueApplication(tenantId, appId);
  const pending = useQuery(pendingCountQueryOptions(appId));
  const batchSize = usePreferences((s) => s.itemsPerPull);
  const [stepsBack, setStepsBack] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const pace = useSessionPace();
  const { outbox, status, refusals, dismissRefusal } = useLabellingData();
  const { queue, error } = useWorkQueue({ tenantId, appId }, batchSize);
  const snapshot = useQueueSnapshot(queue);
  const drafts = useDrafts(tenantId, application);

  const refusal = refusals.find((r) => r.entry.appId === appId);
  const reopened = refusal && snapshot.recent.find((item) => item.request.media_id === refusal.entry.body.media_id);
  const revisiting = stepsBack > 0 ? snapshot.recent.at(-stepsBack) : undefined;
  // An item answered before shows the answer as it was given, also after a reload.
  const answeredBefore = revisiting ?? reopened;
  const current = answeredBefore?.request ?? snapshot.items[0];
  usePreviewImage(current?.media);
  const frames = useFrameNeighbours(application, current, snapshot.recent);

  const queueEmpty = !!queue && snapshot.items.length === 0;
  const waiting = pending.data?.pending;
  useEffect(() => {
    if (queueEmpty && waiting !== undefined && waiting > 0) void queue?.refill();
  }, [queueEmpty, waiting, queue]);

  const backTo = `/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(appId)}`;
  const headerStatus = (
    <StatusSummary inHand={queue ? snapshot.items.length : undefined} waiting={waiting} answered={pace.answered} startedAt={pace.startedAt} now={pace.now} sync={status} />
  );
  const frame = { app: application ?? { name: 'Labelling' }, backTo, headerStatus };

  if (appError) return <WorkspaceMessage {...frame}><Alert>{appError.message}</Alert></WorkspaceMessage>;
  if (error) return <WorkspaceMessage {...frame}><Alert title="Your local queue could not be opened.">{String(error)}</Alert></WorkspaceMessage>;
  if (!application || !queue || !outbox || !drafts.loaded) return <WorkspaceMessage {...frame}><Spinner label="Opening your queue…" /></WorkspaceMessage>;

  const refusedElsewhere = refusal && !reopened ? `The service refused an answer for media ${refusal.entry.body.media_id}: ${refusal.message}` : null;
  if (!current) {
    return (
      <WorkspaceMessage {...frame}>
        {refusedElsewhere && <Alert>{refusedElsewhere}</Alert>}
        {snapshot.pull === 'pulling' ? (
          <Spinner label="Getting items to label…" />
        ) : snapshot.pull === 'error' ? (
          <Alert title="Could not get items to label.">
            {snapshot.error instanceof Error ? snapshot.error.message : 'The service did not answer.'}{' '}
            <Button onClick={() => void queue.refill()}>Try again</Button>
          </Alert>
        ) : (
          <EmptyState title="Nothing to label right now">
            <p>New items appear here as soon as the pending count rises.</p>
            <Button onClick={() => void queue.refill()}>Check again</Button>
          </EmptyState>
        )}
      </WorkspaceMessage>
    );
  }

  const draft = drafts.get(current.media_id);
  const initial =
    draft?.present ?? types.restoredAnnotation(answeredBefore?.answer, application.type) ?? types.initialAnnotation(application, current);
  if (!initial) return <UnlabellableMessage frame={frame} app={application} />;
  const refreshCounts = () => void queryClient.invalidateQueries({ queryKey: applicationKeys.pending(appId) });

  // The queue keeps the answer (in the outbox, with the queue moved on); the page only hears of it.
  const answers = withReactions(queue, {
    answering: (mediaId) => {
      setProblem(null);
      pace.count();
      if (revisiting) setStepsBack(0);
      if (refusal && reopened?.request.media_id === mediaId) dismissRefusal(refusal.entry);
    },
    kept: drafts.discard,
    failed: (failure) => setProblem(`The answer could not be saved in this browser: ${String(failure)}`),
    settled: refreshCounts,
  });

  function handleSkip() {
    drafts.discard(current!.media_id);
    void queue!.skip(current!.media_id).finally(refreshCounts);
  }

  const notice = revisiting
    ? 'You are changing an answer you gave before; the new answer replaces it.'
    : reopened
      ? `The service refused your answer: ${refusal?.message}`
      : (problem ?? refusedElsewhere);
  return (
    <Workspace
      app={application}
      target={current}
      initial={initial}
      subjectName={subjectName}
      upcoming={snapshot.items.slice(current === snapshot.items[0] ? 1 : 0, 4).map((item) => item.media)}
      headerStatus={headerStatus}
      notice={notice}
      backTo={backTo}
      answers={answers}
      onSkip={current === snapshot.items[0] ? handleSkip : null}
      onPrevious={stepsBack < snapshot.recent.length ? () => setStepsBack((n) => n + 1) : null}
      steps={draft}
      onEdited={(item) => drafts.save(current.media_id, item)}
      frames={frames}
    />
  );
}
