import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { applicationQueryOptions } from '../../../lib/queries/application';
import { reviewQueueQueryOptions, useResolveReview } from '../../../lib/queries/reviews';
import { useSubjectNames } from '../../../lib/queries/subjects';
import type { LabelTarget } from '../contract/target';
import { UnlabellableMessage } from '../workspace/unlabellable-message';
import { Workspace } from '../workspace/workspace';
import { WorkspaceMessage } from '../workspace/workspace-message';
import { annotationOfAnswer, answerAsProposals } from '../annotation/from-answer';
import { useTypeRegistry } from '../contract/registry-context';
import { type ItemAnswers, withReactions } from '../queue/item-answers';
import { WithLabellingTypes } from './labelling-types';

/**
 * A manager edits one labeller's answer to a disagreement in the type's own editor: it starts from the answer (its
 * marks the labeller's; each subject shown at 100% for True, 0% for False), and Accept resolves the review with the
 * edited answer, then returns to the queue.
 */
export function Component() {
  return (
    <WithLabellingTypes>
      <ReviewEdit />
    </WithLabellingTypes>
  );
}

function ReviewEdit() {
  const types = useTypeRegistry();
  const { tenantId = '', appId = '', reviewId = '', answer = '1' } = useParams();
  const navigate = useNavigate();
  const app = useQuery(applicationQueryOptions(appId));
  const queue = useQuery(reviewQueueQueryOptions(appId));
  const subjectName = useSubjectNames(tenantId);
  const resolve = useResolveReview(appId);
  const [problem, setProblem] = useState<string | null>(null);
  const review = queue.data?.find((item) => item.review_id === reviewId);
  const given = review?.answers[Number(answer) - 1];

  const target = useMemo<LabelTarget | null>(
    () => (review && given ? { media: review.media, subjects: answerAsProposals(given.subjects, review.media_id), focus: review.focus } : null),
    [review, given],
  );

  const backTo = `/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(appId)}/review`;
  const who = given ? (given.name ?? given.email ?? 'a former member') : '';
  const headerStatus = <span className="muted">Editing the answer of {who}; Accept resolves the review</span>;
  const frame = { app: app.data ?? { name: 'Review' }, backTo, headerStatus };
  const failure = app.error ?? queue.error;
  if (failure) return <WorkspaceMessage {...frame}><Alert>{failure.message}</Alert></WorkspaceMessage>;
  if (!app.data || queue.isPending) return <WorkspaceMessage {...frame}><Spinner label="Loading the review…" /></WorkspaceMessage>;
  if (!target) return <WorkspaceMessage {...frame}><Alert>This disagreement was decided already, or has no such answer.</Alert></WorkspaceMessage>;
  const initial = annotationOfAnswer(types, app.data, target, given?.subjects ?? []);
  if (!initial) return <UnlabellableMessage frame={frame} app={app.data} />;

  // The review's resolution keeps the answer; the page only hears of it.
  const resolution: ItemAnswers = { answerItem: (body) => resolve.mutateAsync({ reviewId, body: { subjects: body.subjects } }).then(() => {}) };
  const answers = withReactions(resolution, {
    kept: () => void navigate(backTo),
    failed: (error) => setProblem(error instanceof Error ? error.message : String(error)),
  });

  return (
    <Workspace
      app={app.data}
      target={target}
      initial={initial}
      subjectName={subjectName}
      upcoming={[]}
      headerStatus={headerStatus}
      notice={problem ?? (resolve.isPending ? 'Resolving…' : null)}
      backTo={backTo}
      answers={answers}
      onSkip={null}
      onPrevious={null}
    />
  );
}
