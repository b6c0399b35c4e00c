import { useEffect, useId, useState } from 'react';
import { RateLimitedError } from '../../../api/errors';
import { EXPORT_FORMAT_NAMES, EXPORT_FORMATS, type ExportFormat, type ExportStatus } from '../../../api/schemas/exports';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { useDownloadExport, useExportStatus, useStartExport, type DownloadProgress } from './exports';
import { ProgressLine } from './progress-line';

const FORMAT_HINTS: Readonly<Record<ExportFormat, string>> = {
  coco: 'one JSON file; image-level labels kept',
  yolo: 'a text file per image, data.yaml',
  voc: 'an XML file per image',
};

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

function Preparing({ status }: { status: ExportStatus | undefined }) {
  const total = status?.total ?? 0;
  const text = total === 0 ? 'Reading labels…' : `${status?.done ?? 0} of ${total} images`;
  return <ProgressLine label="Preparing the export" value={total === 0 ? null : (status?.done ?? 0)} max={total} text={text} />;
}

function Downloading({ progress }: { progress: DownloadProgress | null }) {
  const { received = 0, total = 0 } = progress ?? {};
  return <ProgressLine label="Downloading the export" value={received} max={total} text={`${megabytes(received)} of ${megabytes(total)} MB`} />;
}

function Saved({ status }: { status: ExportStatus }) {
  return (
    <Alert tone="info" title={`Saved ${status.file_name}`}>
      {status.total} labelled images{status.include_images ? ' with their files' : ''}.
      {status.notes.length > 0 && (
        <ul className="export-notes">
          {status.notes.map((note) => (
            <li key={note.message}>
              {note.message} ({note.count}×)
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

/** Why the export did not start or failed; when too many are being prepared, that says so and when to try again. */
function Failure({ error }: { error: Error }) {
  if (error instanceof RateLimitedError) {
    return <Alert title={`Too many exports at once: try again in ${error.retryAfterSeconds} s`}>{error.message}</Alert>;
  }
  return <Alert>{error.message}</Alert>;
}

/** Downloads the application's labels as COCO, YOLO or Pascal VOC: prepared by the service, then saved as a file. */
export function ExportPanel({ appId }: { appId: string }) {
  const [format, setFormat] = useState<ExportFormat>('coco');
  const [includeImages, setIncludeImages] = useState(false);
  const [inPlans, setInPlans] = useState(false);
  const [exportId, setExportId] = useState<string | null>(null);
  const start = useStartExport(appId);
  const status = useExportStatus(appId, exportId);
  const download = useDownloadExport(appId);
  const titleId = useId();
  const ready = status.data?.state === 'ready' ? status.data : null;
  const { mutate: downloadFile, variables: downloading } = download;

  useEffect(() => {
    if (ready && downloading?.export_id !== ready.export_id) downloadFile(ready);
  }, [ready, downloading, downloadFile]);

  const preparing = start.isPending || (exportId !== null && (status.isPending || status.data?.state === 'preparing'));
  const busy = preparing || download.isPending;
  const failure = start.error ?? status.error ?? download.error ?? (status.data?.state === 'failed' ? new Error(status.data.message ?? 'The export failed.') : null);

  function begin() {
    setExportId(null);
    download.reset();
    start.mutate({ format, include_images: includeImages, coordinates: inPlans ? 'plan' : 'media' }, { onSuccess: (started) => setExportId(started.export_id) });
  }

  return (
    <section className="panel export-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        Export labels
      </h2>
      <fieldset className="fieldset" disabled={busy}>
        <legend>Format</legend>
        {EXPORT_FORMATS.map((option) => (
          <label key={option} className="choice export-format">
            <input type="radio" name={`${titleId}-format`} checked={format === option} onChange={() => setFormat(option)} />
            {EXPORT_FORMAT_NAMES[option]}
            <span className="muted">{FORMAT_HINTS[option]}</span>
          </label>
        ))}
      </fieldset>
      <div className="toolbar export-actions">
        <label className="choice">
          <input type="checkbox" checked={includeImages} disabled={busy} onChange={(event) => setIncludeImages(event.target.checked)} />
          Include images
        </label>
        <label className="choice" title="Boxes and points of sub-plans and crops in the pixels of the plan they were cut from, gathered on it">
          <input type="checkbox" checked={inPlans} disabled={busy} onChange={(event) => setInPlans(event.target.checked)} />
          In the whole plans' pixels
        </label>
        <Button variant="primary" busy={busy} onClick={begin}>
          Export
        </Button>
      </div>
      {preparing && <Preparing status={status.data} />}
      {download.isPending && <Downloading progress={download.progress} />}
      {download.isSuccess && <Saved status={download.data} />}
      {failure && <Failure error={failure} />}
    </section>
  );
}
