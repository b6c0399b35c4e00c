import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ReviewItem } from '../../../api/schemas/consensus';
import type { Application } from '../../../api/schemas/application';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useApplication } from '../../../lib/queries/application';
import { reviewCountQueryOptions, reviewQueueQueryOptions, useResolveReview } from '../../../lib/queries/reviews';
import { useSubjectNames } from '../../../lib/queries/subjects';
import { describeHints } from '../../../lib/shortcuts/registry';
import { AnswerCard } from '../components/answer-card';
import { LabellerAnalytics } from '../components/labeller-analytics';
import { RecentDecisions } from '../components/recent-decisions';
import { REVIEW_ACTIONS, type ReviewContext } from '../hooks/review-actions';
import { useReviewKeys } from '../hooks/use-review-keys';
import './review.css';

interface DisagreementProps {
  tenantId: string;
  application: Application;
  review: ReviewItem;
}

/** One disagreement: every labeller's answer side by side; the manager chooses one (and may edit it) and resolves. */
function Disagreement({ tenantId, application, review }: DisagreementProps) {
  const navigate = useNavigate();
  const subjectName = useSubjectNames(tenantId);
  const resolve = useResolveReview(application.application_id);
  const [chosen, setChosen] = useState(0);
  const answer = review.answers[chosen];
  const editPath = `/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(application.application_id)}/review/${encodeURIComponent(review.review_id)}/edit/${chosen + 1}`;
  const context: ReviewContext = {
    answers: review.answers.length,
    chosen,
    busy: resolve.isPending,
    choose: setChosen,
    resolve: () => answer && resolve.mutate({ reviewId: review.review_id, body: { subjects: [...answer.subjects] } }),
    edit: () => void navigate(editPath),
  };
  useReviewKeys(context);
  return (
    <section className="disagreement" aria-label="Disagreement">
      <p className="disagreement__meta muted">
        {review.answers.length} labellers disagree on <Link to={`/t/${encodeURIComponent(tenantId)}/media/${encodeURIComponent(review.media_id)}`}>{review.media.filename ?? review.media_id}</Link>
      </p>
      <div className="disagreement__answers">
        {review.answers.map((given, index) => (
          <AnswerCard
            key={given.user_id}
            index={index}
            type={application.type}
            media={review.media}
            focus={review.focus}
            answer={given}
            subjectName={subjectName}
            choice={{ selected: index === chosen, onSelect: () => setChosen(index) }}
          />
        ))}
      </div>
      {resolve.isError && <Alert>{resolve.error.message}</Alert>}
      <div className="disagreement__actions">
        <Button variant="primary" busy={resolve.isPending} onClick={context.resolve}>
          Resolve with answer {chosen + 1}
        </Button>
        <Link className="btn btn--secondary" to={editPath}>
          Edit answer {chosen + 1}
        </Link>
        <span className="disagreement__hints muted">{describeHints(REVIEW_ACTIONS, context)}</span>
      </div>
    </section>
  );
}

/** The application's review queue, for its managers: the oldest disagreement first, then the next. */
export function Component() {
  const { tenantId = '', appId = '' } = useParams();
  const application = useApplication(appId);
  const queue = useQuery(reviewQueueQueryOptions(appId));
  const waiting = useQuery(reviewCountQueryOptions(appId));

  if (application.isPending || queue.isPending) return <Spinner label="Loading the review queue…" />;
  if (application.isError) return <Alert>{application.error.message}</Alert>;
  const [review] = queue.data ?? [];
  const count = waiting.data ?? queue.data?.length ?? 0;
  return (
    <>
      <PageHeader
        title={`Review · ${application.data.name}`}
        description={
          application.data.labellers_per_item > 1
            ? `${application.data.labellers_per_item} labellers answer each item; ${count === 1 ? 'one disagreement waits' : `${count} disagreements wait`}.`
            : 'One labeller answers each item: set more labellers per item in the settings to collect disagreements.'
        }
      />
      {queue.isError && <Alert>{queue.error.message}</Alert>}
      {review ? (
        <Disagreement key={review.review_id} tenantId={tenantId} application={application.data} review={review} />
      ) : (
        !queue.isError && <EmptyState title="No disagreements waiting">Items whose labellers disagree appear here for you to decide.</EmptyState>
      )}
      <LabellerAnalytics scope={{ appId }} answersPath={(userId) => `labellers/${encodeURIComponent(userId)}`} />
      <RecentDecisions tenantId={tenantId} application={application.data} />
    </>
  );
}
