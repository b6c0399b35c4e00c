import type { GatewayProblem } from './gateway-problems';

/** A gateway's problems as short flags for a list; "OK" when it has none. */
export function GatewayFlags({ problems, reported }: { problems: readonly GatewayProblem[]; reported: boolean }) {
  if (!reported) return <span className="muted">Unknown</span>;
  if (problems.length === 0)
    return (
      <span>
        <span className="status-dot status-dot--on" aria-hidden="true" />
        OK
      </span>
    );
  return (
    <ul className="flags">
      {problems.map((problem) => (
        <li key={`${problem.kind}-${problem.cameraId ?? ''}`} className={`flag flag--${problem.severity}`} title={problem.detail}>
          {problem.label}
        </li>
      ))}
    </ul>
  );
}

/** A gateway's problems as sentences, the urgent ones first, for the top of its page. */
export function GatewayProblemList({ problems }: { problems: readonly GatewayProblem[] }) {
  if (problems.length === 0) return null;
  const ordered = [...problems].sort((a, b) => Number(a.severity === 'warning') - Number(b.severity === 'warning'));
  return (
    <section className="problems" aria-labelledby="problems-title">
      <h2 id="problems-title" className="visually-hidden">
        Needs attention
      </h2>
      <ul>
        {ordered.map((problem) => (
          <li key={`${problem.kind}-${problem.cameraId ?? ''}`} className={`problem problem--${problem.severity}`}>
            <span className={`flag flag--${problem.severity}`}>{problem.severity === 'danger' ? 'Urgent' : 'Warning'}</span>
            {problem.detail}
          </li>
        ))}
      </ul>
    </section>
  );
}
