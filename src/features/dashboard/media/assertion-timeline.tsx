import type { MediaAssertion } from '../../../api/schemas/detections';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime, formatProbability, formatShortDateTime } from '../shared/format-time';

export interface AssertionTimelineProps {
  title: string;
  assertions: readonly MediaAssertion[];
  subjectName: (uid: string) => string;
  /** Who made an assertion, by name (a person's name or email, a model's version; never an id): the "By" column. */
  authorName: (assertion: MediaAssertion) => string;
}

/** One source's assertions, newest first, each with how the probability moved. */
export function AssertionTimeline({ title, assertions, subjectName, authorName }: AssertionTimelineProps) {
  const sorted = [...assertions].sort((a, b) => b.timestamp - a.timestamp);
  return (
    <section className="panel" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      {sorted.length === 0 ? (
        <EmptyState title="None yet" />
      ) : (
        <table className="data-table timeline">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Subject</th>
              <th scope="col">By</th>
              <th scope="col" className="numeric">
                Probability
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((assertion) => (
              <tr key={assertion.detection_id}>
                <td className="timeline__when">
                  <time dateTime={new Date(assertion.timestamp * 1000).toISOString()} title={formatDateTime(assertion.timestamp)}>
                    {formatShortDateTime(assertion.timestamp)}
                  </time>
                </td>
                <td>{subjectName(assertion.subject_uid)}</td>
                <td>{authorName(assertion)}</td>
                <td className="numeric">
                  {assertion.prev_prob === null
                    ? formatProbability(assertion.probability)
                    : `${formatProbability(assertion.prev_prob)} → ${formatProbability(assertion.probability)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
