import { summariseUploads, type UploadItem } from './upload-queue';

const STATUS_TEXT = { queued: 'Waiting', uploading: 'Uploading', done: 'Uploaded', failed: 'Failed' } as const;

const statusText = (item: UploadItem) => (item.status === 'done' && item.duplicate ? 'Already uploaded' : STATUS_TEXT[item.status]);

/**
 * Each upload with its state: a progress bar while it waits, goes up or once it is done; a failed one shows why it
 * failed instead (its bytes may all have gone up before the service refused it: a full bar would look like success).
 */
export function UploadList({ items }: { items: readonly UploadItem[] }) {
  return (
    <section aria-labelledby="uploads-title" className="panel">
      <h2 id="uploads-title" className="section-title" style={{ marginTop: 16 }}>
        Uploads
      </h2>
      <p role="status">{summariseUploads(items)}</p>
      <ul className="upload-list">
        {items.map((item) => (
          <li key={item.id} data-status={item.status}>
            <span>
              {item.name} <span className="upload-list__status">· {statusText(item)}</span>
            </span>
            {item.status !== 'failed' && <progress max={1} value={item.progress} aria-label={`Upload of ${item.name}`} />}
            {item.error && (
              <p className="field__error" role="alert">
                {item.name}: {item.error}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
