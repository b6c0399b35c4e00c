import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { FeedbackRequest, FeedbackResponse } from '../../../api/types';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { getApiClient } from '../../../lib/api-client';
import { useSession } from '../../auth/session-store';
import { initialAnnotation } from '../annotation/initial';
import type { Annotation } from '../annotation/types';
import { applicationQuery, labellingKeys, pendingCountQuery } from '../api/queries';
import { BatchSizeField } from '../components/batch-size-field';
import { StatusSummary } from '../components/status-summary';
import { Workspace } from '../components/workspace';
import { WorkspaceMessage } from '../components/workspace-message';
import { useLabellingQueue, useOutboxStatus, useQueueSnapshot } from '../hooks/use-labelling-queue';
import { useOutboxLifecycle } from '../hooks/use-outbox-lifecycle';
import { useSessionPace } from '../hooks/use-session-pace';
import { useSubjectName } from '../hooks/use-subject-name';
import type { OutboxEntry } from '../queue/persistence';

const DEFAULT_BATCH_SIZE = 5;

interface Reopened {
  readonly request: FeedbackRequest;
  readonly message: string;
}

/** Labelling an application's queue: pulls batches, answers through the outbox, moves on at once. */
export function Component() {
  const { tenantId = '', appId = '' } = useParams();
  const session = useSession();
  const queryClient = useQueryClient();
  const app = useQuery(applicationQuery(appId));
  const pending = useQuery(pendingCountQuery(appId));
  const subjectName = useSubjectName(tenantId);
  const [batchSize, setBatchSize] = useState(DEFAULT_BATCH_SIZE);
  const [reopened, setReopened] = useState<readonly Reopened[]>([]);
  const [refused, setRefused] = useState<string | null>(null);
  const [stepsBack, setStepsBack] = useState(0);
  const [answering, setAnswering] = useState<ReadonlySet<string>>(new Set());
  const [given, setGiven] = useState<ReadonlyMap<string, Annotation>>(new Map());
  const pace = useSessionPace();

  const { queue, outbox, error } = useLabellingQueue({
    userId: session?.userId ?? '',
    tenantId,
    appId,
    client: getApiClient(),
    batchSize,
    onRejected: (entry: OutboxEntry, message: string) => {
      const request = queue?.snapshot.recent.find((item) => item.media_id === entry.body.media_id);
      if (request) setReopened((list) => [...list.filter((r) => r.request.media_id !== request.media_id), { request, message }]);
      else setRefused(`The service refused an answer for media ${entry.body.media_id}: ${message}`);
    },
  });
  const snapshot = useQueueSnapshot(queue);
  const status = useOutboxStatus(outbox);
  useOutboxLifecycle(outbox, status);

  const waitingItems = snapshot.items.filter((item) => !answering.has(item.media_id));
  const revisiting = stepsBack > 0 ? snapshot.recent.at(-stepsBack) : undefined;
  const current = revisiting ?? reopened[0]?.request ?? waitingItems[0];

  const queueEmpty = !!queue && waitingItems.length === 0;
  const pendingCount = pending.data;
  useEffect(() => {
    if (queueEmpty && pendingCount !== undefined && pendingCount > 0) void queue?.refill();
  }, [queueEmpty, pendingCount, queue]);

  const backTo = `/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(appId)}`;
  const headerStatus = <StatusSummary pending={pendingCount} answered={pace.answered} startedAt={pace.startedAt} now={pace.now} sync={status} />;
  const frame = { app: app.data ?? { name: 'Labelling' }, backTo, headerStatus };

  if (app.isError) return <WorkspaceMessage {...frame}><Alert>{app.error.message}</Alert></WorkspaceMessage>;
  if (error) return <WorkspaceMessage {...frame}><Alert title="Your local queue could not be opened.">{String(error)}</Alert></WorkspaceMessage>;
  if (!app.data || !queue || !outbox) return <WorkspaceMessage {...frame}><Spinner label="Opening your queue…" /></WorkspaceMessage>;
  const application = app.data;

  const batchField = <BatchSizeField value={batchSize} onChange={setBatchSize} />;
  if (!current) {
    return (
      <WorkspaceMessage {...frame} panel={batchField}>
        {refused && <Alert>{refused}</Alert>}
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

  const initial = given.get(current.media_id) ?? initialAnnotation(application, current);
  if (!initial) {
    return (
      <WorkspaceMessage {...frame}>
        <Alert title="This app cannot be labelled here yet.">
          Looplabel labels classification, detection_fullframe, box_detection, static_count, offset_x, offset_y and point
          applications; {application.name} is a {application.type} application.
        </Alert>
      </WorkspaceMessage>
    );
  }

  function handleAnswer(body: FeedbackResponse, annotation: Annotation) {
    const mediaId = body.media_id;
    setGiven((map) => new Map(map).set(mediaId, annotation));
    pace.count();
    if (revisiting) {
      setStepsBack(0);
      void outbox!.enqueue(body);
      return;
    }
    if (reopened[0]?.request.media_id === mediaId) {
      setReopened((list) => list.slice(1));
      void outbox!.enqueue(body);
      return;
    }
    setAnswering((set) => new Set(set).add(mediaId));
    void outbox!
      .enqueue(body)
      .then(() => queue!.complete(mediaId))
      .finally(() => {
        setAnswering((set) => new Set([...set].filter((id) => id !== mediaId)));
        void queryClient.invalidateQueries({ queryKey: labellingKeys.pending(appId) });
      });
  }

  const notice = revisiting
    ? 'You are changing an answer you gave before; the new answer replaces it.'
    : (reopened[0]?.request.media_id === current.media_id ? `The service refused your answer: ${reopened[0].message}` : refused);
  return (
    <Workspace
      app={application}
      target={current}
      initial={initial}
      subjectName={subjectName}
      upcoming={waitingItems.slice(current === waitingItems[0] ? 1 : 0, 4).map((item) => item.media)}
      headerStatus={headerStatus}
      panelExtra={batchField}
      notice={notice}
      backTo={backTo}
      onAnswer={handleAnswer}
      onPrevious={stepsBack < snapshot.recent.length ? () => setStepsBack((n) => n + 1) : null}
    />
  );
}
