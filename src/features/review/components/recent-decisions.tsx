import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ConsensusSource } from '../../../api/schemas/consensus';
import type { Application } from '../../../api/schemas/application';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { consensusHistoryQueryOptions } from '../../../lib/queries/reviews';
import { useSubjectNames } from '../../../lib/queries/subjects';
import { summaryLines } from '../utils/answer-view';

const SOURCE_LABELS: Record<ConsensusSource, string> = { agreed: 'Agreed', review: 'Reviewed', single: 'One answer' };
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** The consensus history's latest entries: what was decided, how, and when. */
export function RecentDecisions({ tenantId, application }: { tenantId: string; application: Application }) {
  const history = useQuery(consensusHistoryQueryOptions(application.application_id));
  const subjectName = useSubjectNames(tenantId);
  if (history.isPending) return <Spinner label="Loading the consensus history…" />;
  if (history.isError) return <Alert>{history.error.message}</Alert>;
  return (
    <section aria-labelledby="decided-heading">
      <h2 id="decided-heading" className="review-section-title">
        Recently decided
      </h2>
      {history.data.length === 0 ? (
        <p className="muted">Nothing decided yet.</p>
      ) : (
        <ul className="decided-list">
          {history.data.map((entry) => (
            <li key={`${entry.media_id}:${JSON.stringify(entry.focus)}`}>
              <span className={`source-tag source-tag--${entry.source}`}>{SOURCE_LABELS[entry.source]}</span>
              <Link to={`/t/${encodeURIComponent(tenantId)}/media/${encodeURIComponent(entry.media_id)}`}>{summaryLines(application.type, entry.subjects, subjectName).join(', ')}</Link>
              <time className="muted" dateTime={new Date(entry.decided_at * 1000).toISOString()}>
                {timeFormat.format(new Date(entry.decided_at * 1000))}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
