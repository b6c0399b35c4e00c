import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import type { LabelTarget } from '../contract/target';
import { applicationQueryOptions } from '../../../lib/queries/application';
import { mediaDetectionsQueryOptions, mediaQueryOptions } from '../../../lib/queries/media';
import { useSubjectNames } from '../../../lib/queries/subjects';
import { StatusSummary } from '../workspace/status-summary';
import { UnlabellableMessage } from '../workspace/unlabellable-message';
import { Workspace } from '../workspace/workspace';
import { WorkspaceMessage } from '../workspace/workspace-message';
import { useDrafts } from '../workspace/use-drafts';
import { useSessionPace } from '../workspace/use-session-pace';
import { usePreviewImage } from '../workspace/use-preview-image';
import { useLabellingData } from '../outbox/outbox-provider';
import { latestAnswerFromDetections, proposalsFromDetections } from '../annotation/proposals';
import { annotationOfAnswer } from '../annotation/from-answer';
import { useSession } from '../../../lib/session/session-store';
import { useTypeRegistry } from '../contract/registry-context';
import { outboxAnswers, withReactions } from '../queue/item-answers';
import { WithLabellingTypes } from './labelling-types';

/**
 * Labels any one media item of the tenant for this application, then returns to where the person came from. The
 * answer goes through the app-wide outbox, so leaving at once loses nothing.
 */
export function Component() {
  return (
    <WithLabellingTypes>
      <LabelMedia />
    </WithLabellingTypes>
  );
}

function LabelMedia() {
  const types = useTypeRegistry();
  const { tenantId = '', appId = '', mediaId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const app = useQuery(applicationQueryOptions(appId));
  const media = useQuery(mediaQueryOptions(mediaId));
  usePreviewImage(media.data);
  const detections = useQuery(mediaDetectionsQueryOptions(mediaId));
  const subjectName = useSubjectNames(tenantId);
  const pace = useSessionPace();
  const { outbox, status, error } = useLabellingData();
  const drafts = useDrafts(tenantId, app.data);
  const [problem, setProblem] = useState<string | null>(null);
  const userId = useSession()?.userId ?? '';

  const target = useMemo<LabelTarget | null>(
    () => (media.data ? { media: media.data, subjects: proposalsFromDetections(detections.data ?? [], appId, mediaId) } : null),
    [media.data, detections.data, appId, mediaId],
  );

  const backTo = `/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(appId)}`;
  const headerStatus = <StatusSummary answered={pace.answered} startedAt={pace.startedAt} now={pace.now} sync={status} />;
  const frame = { app: app.data ?? { name: 'Labelling' }, backTo, headerStatus };
  const failure = app.error ?? media.error ?? error;
  if (failure) return <WorkspaceMessage {...frame}><Alert>{failure instanceof Error ? failure.message : String(failure)}</Alert></WorkspaceMessage>;
  if (!app.data || !target || detections.isPending || !outbox || !drafts.loaded) {
    return <WorkspaceMessage {...frame}><Spinner label="Loading the media…" /></WorkspaceMessage>;
  }
  // An item this person answered shows their answer: one still on its way, else the one the service keeps.
  const unsent = outbox.pending.findLast((entry) => entry.appId === appId && entry.body.media_id === mediaId)?.body.subjects;
  const answered = unsent ?? latestAnswerFromDetections(detections.data ?? [], appId, userId);
  const draft = drafts.get(mediaId);
  const initial = draft?.present ?? (answered && annotationOfAnswer(types, app.data, target, answered)) ?? types.initialAnnotation(app.data, target);
  if (!initial) return <UnlabellableMessage frame={frame} app={app.data} />;

  // The outbox keeps the answer; the page only hears of it.
  const answers = withReactions(outboxAnswers(outbox, appId), {
    failed: (failure) => setProblem(`The answer could not be saved in this browser: ${String(failure)}`),
    kept: () => {
      drafts.discard(mediaId);
      pace.count();
      // Back to the page they came from; a link opened directly goes to the application instead.
      if (location.key !== 'default') void navigate(-1);
      else void navigate(backTo);
    },
  });

  return (
    <Workspace
      app={app.data}
      target={target}
      initial={initial}
      subjectName={subjectName}
      upcoming={[]}
      headerStatus={headerStatus}
      notice={problem ?? (answered ? 'You answered this item before: your answer is shown, and a new one replaces it.' : null)}
      backTo={backTo}
      answers={answers}
      onSkip={null}
      onPrevious={null}
      steps={draft}
      onEdited={(item) => drafts.save(mediaId, item)}
    />
  );
}
