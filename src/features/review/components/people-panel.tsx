import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { consensusSnapshotQueryOptions } from '../../../lib/queries/reviews';

const percent = (ratio: number) => `${Math.round(ratio * 100)} %`;

/** Per labeller: answers, pace and agreement with consensus, as a compact table with a bar for agreement. */
export function PeoplePanel({ appId }: { appId: string }) {
  const snapshot = useQuery(consensusSnapshotQueryOptions(appId));
  if (snapshot.isPending) return <Spinner label="Loading people…" />;
  if (snapshot.isError) return <Alert>{snapshot.error.message}</Alert>;
  const { labellers } = snapshot.data;
  return (
    <section className="people-panel" aria-labelledby="people-heading">
      <h2 id="people-heading" className="review-section-title">
        People
      </h2>
      {labellers.length === 0 ? (
        <p className="muted">Nobody has answered yet.</p>
      ) : (
        <table className="people-table">
          <thead>
            <tr>
              <th scope="col">Labeller</th>
              <th scope="col" className="numeric">Answers</th>
              <th scope="col" className="numeric" title="Median seconds from one answer to the next, pauses over five minutes left out">
                Pace
              </th>
              <th scope="col">Agreement with consensus</th>
            </tr>
          </thead>
          <tbody>
            {labellers.map((person) => (
              <tr key={person.user_id}>
                <th scope="row" title={person.email ?? undefined}>
                  {person.name ?? person.email ?? 'A former member'}
                </th>
                <td className="numeric">{person.answers.toLocaleString('en')}</td>
                <td className="numeric">{person.seconds_per_answer === null ? '–' : `${person.seconds_per_answer} s`}</td>
                <td>
                  {person.agreement === null ? (
                    <span className="muted">no decided items yet</span>
                  ) : (
                    <span className="agreement">
                      <span className="agreement__bar" aria-hidden>
                        <span className="agreement__fill" style={{ width: `${person.agreement * 100}%` }} />
                      </span>
                      <span>
                        {percent(person.agreement)} <span className="muted">of {person.consensus_items.toLocaleString('en')}</span>
                      </span>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
