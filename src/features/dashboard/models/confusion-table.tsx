import type { Confusion } from '../../../api/schemas/measures';

export interface ConfusionTableProps {
  confusion: Confusion;
  /** The model whose proposals the columns are, as people name it ("Model v3"). */
  modelName: string;
}

/** How often each answer (a row) got each proposal (a column): the diagonal is what the model got right. */
export function ConfusionTable({ confusion, modelName }: ConfusionTableProps) {
  return (
    <table className="data-table confusion-table" aria-label={`Answers against ${modelName}'s proposals`}>
      <caption className="table-caption">Rows: the held-out answer · columns: what {modelName} proposed</caption>
      <thead>
        <tr>
          <th scope="col">Answer</th>
          {confusion.labels.map((label) => (
            <th key={label} scope="col" className="numeric">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {confusion.labels.map((label, row) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {confusion.counts[row]?.map((count, column) => (
              <td key={confusion.labels[column]} className={row === column ? 'numeric is-agreement' : 'numeric'}>
                {count}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
