import { useState } from 'react';
import { Link } from 'react-router';
import type { Labeller } from '../../../api/schemas/labellers';
import { LABELLER_COLUMNS, labellerName, sortLabellers, type SortDirection } from '../utils/labeller-columns';

interface LabellerTableProps {
  labellers: readonly Labeller[];
  /** Where a labeller's recent answers are shown, when the table is of one application. */
  answersPath?: (userId: string) => string;
}

/** Every labeller's figures; a column heading sorts by it (again: the other way). Flagged labellers are marked. */
export function LabellerTable({ labellers, answersPath }: LabellerTableProps) {
  const [sort, setSort] = useState<{ key: string; direction: SortDirection } | null>(null);
  const column = LABELLER_COLUMNS.find((candidate) => candidate.key === sort?.key);
  const rows = column && sort ? sortLabellers(labellers, column, sort.direction) : labellers;
  const sortBy = (key: string, numeric: boolean) =>
    setSort((current) =>
      current?.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: numeric ? 'descending' : 'ascending' },
    );
  return (
    <div className="people-table-scroll">
      <table className="people-table" aria-label="Labellers">
        <thead>
          <tr>
            {LABELLER_COLUMNS.map(({ key, label, help, numeric }) => (
              <th key={key} scope="col" className={numeric ? 'numeric' : undefined} aria-sort={sort?.key === key ? sort.direction : undefined}>
                <button type="button" className="sort-button" title={help} onClick={() => sortBy(key, numeric)}>
                  {label}
                  <span className="sort-button__arrow" aria-hidden>
                    {sort?.key === key ? (sort.direction === 'ascending' ? '▲' : '▼') : ''}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((labeller) => (
            <tr key={labeller.user_id} className={labeller.flagged ? 'people-table__flagged' : undefined}>
              <th scope="row" title={labeller.email ?? undefined}>
                {answersPath ? <Link to={answersPath(labeller.user_id)}>{labellerName(labeller)}</Link> : labellerName(labeller)}
                {labeller.flagged && <span className="flag-tag">Flagged</span>}
              </th>
              {LABELLER_COLUMNS.slice(1).map((figure) => (
                <td key={figure.key} className="numeric">
                  {figure.text(labeller)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
