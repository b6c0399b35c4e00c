import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LabellerScope } from '../../../api/endpoints/labellers';
import type { Labeller, LabellersResponse, TimelineBucket } from '../../../api/schemas/labellers';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { labellersQueryOptions } from '../../../lib/queries/labellers';
import { labellerName } from '../utils/labeller-columns';
import { labellersCsv } from '../utils/labeller-csv';
import { LabellerCharts } from './labeller-charts';
import { LabellerTable } from './labeller-table';

/** The windows a manager chooses between, and the period their charts go by. */
const PERIODS: readonly { days: number; label: string; bucket: TimelineBucket }[] = [
  { days: 7, label: '7 days', bucket: 'day' },
  { days: 30, label: '30 days', bucket: 'day' },
  { days: 90, label: '90 days', bucket: 'week' },
  { days: 365, label: 'Year', bucket: 'week' },
];

const percent = (ratio: number) => `${Math.round(ratio * 100)} %`;

/** Why a labeller is flagged, in words. */
function flagReasons(labeller: Labeller): string {
  const reasons = labeller.flags.map((flag) =>
    flag === 'gold_accuracy'
      ? `gold accuracy ${percent(labeller.gold_accuracy ?? 0)} on ${labeller.gold_answers} gold items`
      : `agreement ${percent(labeller.agreement ?? 0)} on ${labeller.decided_items} decided items`,
  );
  return reasons.join(', ');
}

function FlaggedNotice({ data, answersPath }: { data: LabellersResponse; answersPath?: (userId: string) => string }) {
  const flagged = data.labellers.filter((labeller) => labeller.flagged);
  if (flagged.length === 0) return null;
  const under = data.flag_below === null ? 'under the threshold' : `under ${percent(data.flag_below)}`;
  return (
    <section className="flagged-notice" aria-label="Flagged labellers">
      <strong>{flagged.length === 1 ? 'One labeller is flagged' : `${flagged.length} labellers are flagged`}</strong>
      <ul>
        {flagged.map((labeller) => (
          <li key={labeller.user_id}>
            {labellerName(labeller)}: {flagReasons(labeller)} ({under}).{' '}
            {answersPath && <Link to={answersPath(labeller.user_id)}>See their recent answers</Link>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function downloadCsv(labellers: readonly Labeller[], days: number) {
  const url = URL.createObjectURL(new Blob([labellersCsv(labellers)], { type: 'text/csv' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `labellers-last-${days}-days.csv` });
  link.click();
  URL.revokeObjectURL(url);
}

interface LabellerAnalyticsProps {
  scope: LabellerScope;
  answersPath?: (userId: string) => string;
}

/** How fast and how well each labeller answers over a chosen window: flags, a sortable table, a chart and a CSV. */
export function LabellerAnalytics({ scope, answersPath }: LabellerAnalyticsProps) {
  const [period, setPeriod] = useState(PERIODS[1]!);
  const figures = useQuery(labellersQueryOptions(scope, period.days));
  return (
    <section className="labeller-analytics" aria-labelledby="people-heading">
      <div className="labeller-analytics__toolbar">
        <h2 id="people-heading" className="review-section-title">
          People
        </h2>
        <fieldset className="choice-strip">
          <legend className="visually-hidden">Window</legend>
          {PERIODS.map((option) => (
            <label key={option.days} className="choice">
              <input type="radio" name="labeller-window" checked={period === option} onChange={() => setPeriod(option)} />
              {option.label}
            </label>
          ))}
        </fieldset>
        <Button
          className="btn--small"
          disabled={!figures.data || figures.data.labellers.length === 0}
          onClick={() => figures.data && downloadCsv(figures.data.labellers, period.days)}
        >
          Download CSV
        </Button>
      </div>
      {figures.isPending && <Spinner label="Loading people…" />}
      {figures.isError && <Alert>{figures.error.message}</Alert>}
      {figures.data &&
        (figures.data.labellers.length === 0 ? (
          <p className="muted">Nobody answered in the last {period.label.toLowerCase()}.</p>
        ) : (
          <>
            <FlaggedNotice data={figures.data} {...(answersPath ? { answersPath } : {})} />
            <LabellerTable labellers={figures.data.labellers} {...(answersPath ? { answersPath } : {})} />
            <LabellerCharts scope={scope} days={period.days} bucket={period.bucket} labellers={figures.data.labellers} />
          </>
        ))}
    </section>
  );
}
