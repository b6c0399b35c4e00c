import { useId, useState } from 'react';
import { EXPORT_FORMAT_NAMES } from '../../../api/schemas/exports';
import { IMPORT_FORMATS, type ImportFormat, type ImportKind, type ImportMatch } from '../../../api/schemas/imports';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Field, TextField } from '../../../components/text-field';
import { useLabelImport, type ImportPhase } from './imports';
import { ImportReportView } from './import-report';
import { ProgressLine } from './progress-line';

const FORMAT_NAMES: Readonly<Record<ImportFormat, string>> = { ...EXPORT_FORMAT_NAMES, csv: 'CSV' };

/** Label files of every format, and zips of them. */
const ACCEPTED_FILES = '.json,.txt,.names,.yaml,.yml,.xml,.csv,.zip';

function Progress({ phase }: { phase: ImportPhase }) {
  if (phase.name === 'uploading') {
    const percent = Math.round(phase.fraction * 100);
    return <ProgressLine label="Sending the label files" value={percent} max={100} text={`Sending the files: ${percent} %`} />;
  }
  if (phase.name !== 'running') return null;
  const text = phase.total === 0 ? 'Reading the files…' : `${phase.done} of ${phase.total} images recorded`;
  return <ProgressLine label="Importing" value={phase.total === 0 ? null : phase.done} max={phase.total} text={text} />;
}

/**
 * Imports labels made elsewhere, or an outside model's predictions, from COCO, YOLO, Pascal VOC or CSV files (or a
 * zip of them): the files are sent, the service matches their images to media and records them, and its report says
 * what became of each.
 */
export function ImportPanel({ appId }: { appId: string }) {
  const [files, setFiles] = useState<File[]>([]);
  const [format, setFormat] = useState<ImportFormat>('coco');
  const [kind, setKind] = useState<Exclude<ImportKind, 'gold'>>('labels');
  const [asGold, setAsGold] = useState(false);
  const [model, setModel] = useState('');
  const [match, setMatch] = useState<ImportMatch>('application');
  const { phase, start } = useLabelImport(appId);
  const id = useId();
  const busy = phase.name === 'uploading' || phase.name === 'running';

  function begin() {
    const as = kind === 'labels' && asGold ? 'gold' : kind;
    start({ fields: { format, as, match, ...(kind === 'predictions' ? { model } : {}) }, files });
  }

  return (
    <section className="panel import-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        Import labels
      </h2>
      <fieldset className="import-fields" disabled={busy}>
        <Field label="Label files or a zip" htmlFor={`${id}-files`}>
          <input id={`${id}-files`} type="file" multiple accept={ACCEPTED_FILES} onChange={(event) => setFiles(Array.from(event.target.files ?? []))} />
        </Field>
        <Field label="Format" htmlFor={`${id}-format`}>
          <select id={`${id}-format`} className="select" value={format} onChange={(event) => setFormat(event.target.value as ImportFormat)}>
            {IMPORT_FORMATS.map((option) => (
              <option key={option} value={option}>
                {FORMAT_NAMES[option]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Find the images among" htmlFor={`${id}-match`}>
          <select id={`${id}-match`} className="select" value={match} onChange={(event) => setMatch(event.target.value as ImportMatch)}>
            <option value="application">This application's media</option>
            <option value="tenant">All the tenant's media</option>
          </select>
        </Field>
      </fieldset>
      <fieldset className="fieldset import-kind" disabled={busy}>
        <legend>Import as</legend>
        <label className="choice">
          <input type="radio" name={`${id}-kind`} checked={kind === 'labels'} onChange={() => setKind('labels')} />
          Labels (your answers)
        </label>
        <label className="choice">
          <input type="radio" name={`${id}-kind`} checked={kind === 'predictions'} onChange={() => setKind('predictions')} />
          Predictions of a model
        </label>
        {kind === 'labels' && (
          <label className="choice import-kind__gold">
            <input type="checkbox" checked={asGold} onChange={(event) => setAsGold(event.target.checked)} />
            Import as gold items <span className="muted">(the truth labellers are scored against, not answers)</span>
          </label>
        )}
        {kind === 'predictions' && <TextField label="Model name" value={model} required onChange={(event) => setModel(event.target.value)} />}
      </fieldset>
      <div className="toolbar export-actions">
        <Button variant="primary" busy={busy} disabled={files.length === 0} onClick={begin}>
          Import
        </Button>
      </div>
      <Progress phase={phase} />
      {phase.name === 'done' && <ImportReportView report={phase.report} />}
      {phase.name === 'failed' && <Alert title="Not imported">{phase.error.message}</Alert>}
    </section>
  );
}
