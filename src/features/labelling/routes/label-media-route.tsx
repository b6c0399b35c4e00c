import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { FeedbackResponse } from '../../../api/types';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { getApiClient } from '../../../lib/api-client';
import { useSession } from '../../auth/session-store';
import { initialAnnotation } from '../annotation/initial';
import type { LabelTarget } from '../annotation/types';
import { applicationQuery, mediaDetectionsQuery, mediaQuery } from '../api/queries';
import { StatusSummary } from '../components/status-summary';
import { Workspace } from '../components/workspace';
import { WorkspaceMessage } from '../components/workspace-message';
import { useLabellingQueue, useOutboxStatus } from '../hooks/use-labelling-queue';
import { useOutboxLifecycle } from '../hooks/use-outbox-lifecycle';
import { useSessionPace } from '../hooks/use-session-pace';
import { useSubjectName } from '../hooks/use-subject-name';
import { proposalsFromDetections } from '../proposals';

/** Labels any one media item of the tenant for this application, then returns to where the person came from. */
export function Component() {
  const { tenantId = '', appId = '', mediaId = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const app = useQuery(applicationQuery(appId));
  const media = useQuery(mediaQuery(mediaId));
  const detections = useQuery(mediaDetectionsQuery(mediaId));
  const subjectName = useSubjectName(tenantId);
  const pace = useSessionPace();
  const { outbox, error } = useLabellingQueue({
    userId: session?.userId ?? '',
    tenantId,
    appId,
    client: getApiClient(),
    batchSize: 1,
    outboxOnly: true,
    onRejected: () => {},
  });
  const status = useOutboxStatus(outbox);
  useOutboxLifecycle(outbox, status);

  const target = useMemo<LabelTarget | null>(
    () => (media.data ? { media: media.data, subjects: proposalsFromDetections(detections.data ?? [], appId, mediaId) } : null),
    [media.data, detections.data, appId, mediaId],
  );

  const backTo = `/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(appId)}`;
  const headerStatus = <StatusSummary answered={pace.answered} startedAt={pace.startedAt} now={pace.now} sync={status} />;
  const frame = { app: app.data ?? { name: 'Labelling' }, backTo, headerStatus };
  const failure = app.error ?? media.error ?? error;
  if (failure) return <WorkspaceMessage {...frame}><Alert>{failure instanceof Error ? failure.message : String(failure)}</Alert></WorkspaceMessage>;
  if (!app.data || !target || detections.isPending || !outbox) return <WorkspaceMessage {...frame}><Spinner label="Loading the media…" /></WorkspaceMessage>;
  const initial = initialAnnotation(app.data, target);
  if (!initial) {
    return (
      <WorkspaceMessage {...frame}>
        <Alert title="This app cannot be labelled here yet.">{app.data.name} is a {app.data.type} application.</Alert>
      </WorkspaceMessage>
    );
  }

  async function handleAnswer(body: FeedbackResponse) {
    await outbox!.enqueue(body);
    pace.count();
    // Back to the page they came from; a link opened directly goes to the application instead.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(backTo);
  }

  return (
    <Workspace
      app={app.data}
      target={target}
      initial={initial}
      subjectName={subjectName}
      upcoming={[]}
      headerStatus={headerStatus}
      backTo={backTo}
      onAnswer={(body) => void handleAnswer(body)}
      onPrevious={null}
    />
  );
}
