import type { ImportReport } from '../../../api/schemas/imports';

/** Skipped images listed at most; the rest are counted. */
const SKIPPED_SHOWN = 50;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What an import did: its counts, the images it skipped and why, the classes it did not know, and its notes. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const what = { labels: 'Labels', gold: 'Gold items', predictions: `Predictions of ${report.model_id ?? 'the model'}` }[report.as];
  const more = report.skipped.length - SKIPPED_SHOWN;
  return (
    <section className="import-report" aria-label="Import report">
      <p className="import-report__title">
        {what} imported: {plural(report.created, 'image')} recorded
      </p>
      <dl className="facts import-report__counts">
        <dt>Images in the files</dt>
        <dd className="numeric">{report.images}</dd>
        <dt>Matched to media</dt>
        <dd className="numeric">{report.matched}</dd>
        <dt>Recorded now</dt>
        <dd className="numeric">{report.created}</dd>
        <dt>Unchanged</dt>
        <dd className="numeric">{report.unchanged}</dd>
        <dt>Skipped</dt>
        <dd className="numeric">{report.skipped.length}</dd>
      </dl>
      {report.skipped.length > 0 && (
        <table className="data-table import-report__skipped" aria-label="Skipped images">
          <thead>
            <tr>
              <th scope="col">Image</th>
              <th scope="col">Why it was skipped</th>
            </tr>
          </thead>
          <tbody>
            {report.skipped.slice(0, SKIPPED_SHOWN).map((skip, index) => (
              <tr key={`${index}-${skip.image}`}>
                <td>{skip.image}</td>
                <td>{skip.reason}</td>
              </tr>
            ))}
          </tbody>
          {more > 0 && (
            <tfoot>
              <tr>
                <td colSpan={2} className="muted">
                  and {plural(more, 'more image')}
                </td>
              </tr>
            </tfoot>
          )}
        </table>
      )}
      {report.unknown_classes.length > 0 && (
        <p>
          Classes that name no output subject, not imported:{' '}
          {report.unknown_classes.map((entry) => `${entry.name} (${plural(entry.count, 'mark')})`).join(', ')}
        </p>
      )}
      {report.notes.length > 0 && (
        <ul className="export-notes" aria-label="Notes">
          {report.notes.map((note) => (
            <li key={note.message}>
              {note.message} ({note.count}×)
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
