import { Link } from 'react-router';
import type { CaptureStatus } from '../../../api/schemas/capture';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../shared/format-time';
import { useCaptureStatus } from './capture-status';

const STATE_WORDS: Record<CaptureStatus['state'], string> = { capturing: 'Capturing', backing_off: 'Failing, trying less often', stopped: 'Stopped (inactive)' };

/** "in 8 s", "in 4 min", or "now" once due. */
function untilText(seconds: number | null): string {
  if (seconds === null) return '—';
  const left = seconds - Date.now() / 1000;
  if (left <= 0.5) return 'now';
  return left < 90 ? `in ${Math.round(left)} s` : `in ${Math.round(left / 60)} min`;
}

const durationText = (ms: number | null) => (ms === null ? '—' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/**
 * A capture application's status (a network camera, a feed): its latest image, how many it stored, the latest error in
 * words and when it tries next. Asked again every 2 seconds.
 */
export function CaptureStatusPanel({ appId, mediaPath }: { appId: string; mediaPath: (mediaId: string) => string }) {
  const status = useCaptureStatus(appId);
  return (
    <section className="panel capture-status" aria-labelledby="capture-title">
      <h2 id="capture-title" className="section-title">
        Capture
      </h2>
      {status.isPending ? (
        <Spinner label="Loading the capture status…" />
      ) : status.isError ? (
        <Alert>{status.error.message}</Alert>
      ) : (
        <div className="capture-status__body">
          {status.data.last_media ? (
            <Link to={mediaPath(status.data.last_media.media_id)} className="capture-status__frame">
              <img src={status.data.last_media.thumbnail_url} alt="The latest captured image" />
            </Link>
          ) : (
            <div className="capture-status__frame capture-status__frame--empty">No image yet</div>
          )}
          <dl className="facts">
            <dt>State</dt>
            <dd>
              <span className={`status-dot${status.data.state === 'capturing' ? ' status-dot--on' : ''}`} aria-hidden="true" />
              {STATE_WORDS[status.data.state]}
            </dd>
            <dt>Images stored</dt>
            <dd>{status.data.captured.toLocaleString('en')}</dd>
            <dt>Latest image</dt>
            <dd>{formatDateTime(status.data.last_capture_at)}</dd>
            <dt>Took</dt>
            <dd>{durationText(status.data.last_capture_ms)}</dd>
            <dt>Next attempt</dt>
            <dd>{untilText(status.data.next_attempt_at)}</dd>
          </dl>
          {status.data.last_error && (
            <p className="flag flag--danger capture-status__error" role="status">
              {status.data.failures > 1 ? `Failed ${status.data.failures} times in a row: ` : 'Failed: '}
              {status.data.last_error}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
