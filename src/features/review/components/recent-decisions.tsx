import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { focusKey } from '../../../api/focus-key';
import type { ConsensusEntry, ConsensusSource } from '../../../api/schemas/consensus';
import type { Application } from '../../../api/schemas/application';
import type { Focus } from '../../../api/types';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useManageRule } from '../../../lib/queries/can-manage';
import { goldOfMediaQueryOptions, useToggleGold } from '../../../lib/queries/gold';
import { consensusHistoryQueryOptions } from '../../../lib/queries/reviews';
import { useSubjectNames } from '../../../lib/queries/subjects';
import { summaryLines } from '../utils/answer-view';

const SOURCE_LABELS: Record<ConsensusSource, string> = { agreed: 'Agreed', review: 'Reviewed', single: 'One answer' };
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

const itemKey = (item: { media_id: string; focus: Focus | null }) => `${item.media_id}:${focusKey(item.focus)}`;

/** Which of the decided items are gold, and a way to mark or unmark one: for the application's managers only. */
function useGoldMarks(tenantId: string, application: Application, entries: readonly ConsensusEntry[]) {
  const manages = useManageRule(tenantId).canManage(application);
  const appId = application.application_id;
  const mediaIds = [...new Set(entries.map((entry) => entry.media_id))];
  const gold = useQuery({ ...goldOfMediaQueryOptions(appId, mediaIds), enabled: manages });
  const toggle = useToggleGold(appId);
  const goldKeys = new Set((gold.data ?? []).map(itemKey));
  return { manages, known: gold.isSuccess, isGold: (entry: ConsensusEntry) => goldKeys.has(itemKey(entry)), toggle };
}

/** The consensus history's latest entries: what was decided, how, and when; a manager marks one as gold. */
export function RecentDecisions({ tenantId, application }: { tenantId: string; application: Application }) {
  const history = useQuery(consensusHistoryQueryOptions(application.application_id));
  const subjectName = useSubjectNames(tenantId);
  const gold = useGoldMarks(tenantId, application, history.data ?? []);
  if (history.isPending) return <Spinner label="Loading the consensus history…" />;
  if (history.isError) return <Alert>{history.error.message}</Alert>;
  return (
    <section aria-labelledby="decided-heading">
      <h2 id="decided-heading" className="review-section-title">
        Recently decided
      </h2>
      {gold.toggle.isError && <Alert>{gold.toggle.error.message}</Alert>}
      {history.data.length === 0 ? (
        <p className="muted">Nothing decided yet.</p>
      ) : (
        <ul className="decided-list">
          {history.data.map((entry) => {
            const isGold = gold.isGold(entry);
            const summary = summaryLines(application.type, entry.subjects, subjectName).join(', ');
            return (
              <li key={itemKey(entry)}>
                <span className={`source-tag source-tag--${entry.source}`}>{SOURCE_LABELS[entry.source]}</span>
                {isGold && <span className="source-tag source-tag--gold">Gold</span>}
                <Link to={`/t/${encodeURIComponent(tenantId)}/media/${encodeURIComponent(entry.media_id)}`}>{summary}</Link>
                <time className="muted" dateTime={new Date(entry.decided_at * 1000).toISOString()}>
                  {timeFormat.format(new Date(entry.decided_at * 1000))}
                </time>
                {gold.manages && gold.known && (
                  <Button
                    variant="ghost"
                    className="btn--small"
                    aria-label={`${isGold ? 'Unmark gold' : 'Mark as gold'}: ${summary}`}
                    title={isGold ? 'Stop serving it to labellers as a gold item' : 'Serve it to labellers as a gold item: its answer is the truth they are scored against'}
                    disabled={gold.toggle.isPending}
                    onClick={() => gold.toggle.mutate({ gold: !isGold, item: { media_id: entry.media_id, focus: entry.focus } })}
                  >
                    {isGold ? 'Unmark gold' : 'Mark gold'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
