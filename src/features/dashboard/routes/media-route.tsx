import { Link, useParams } from 'react-router';
import type { Focus } from '../../../api/types';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useMedia, useMediaDetections, useMediaSubjects } from '../../../lib/queries/media';
import { useSubjectNames } from '../../../lib/queries/subjects';
import { AssertionOverlay } from '../components/assertion-overlay';
import { AssertionTimeline } from '../components/assertion-timeline';
import { formatProbability } from '../utils/format-time';

const VIEW_WIDTH = '1024';

function Associations({ mediaId, subjectName }: { mediaId: string; subjectName: (uid: string) => string }) {
  const associations = useMediaSubjects(mediaId);
  if (associations.isPending) return <Spinner label="Loading associations…" />;
  if (associations.isError) return <Alert>{associations.error.message}</Alert>;
  if (associations.data.length === 0) return <EmptyState title="No associations" />;
  return (
    <table className="data-table" aria-labelledby="associations-title">
      <thead>
        <tr>
          <th scope="col">Subject</th>
          <th scope="col" className="numeric">
            Probability
          </th>
          <th scope="col">Consensus</th>
        </tr>
      </thead>
      <tbody>
        {associations.data.map(({ subject, focus }, index) => (
          <tr key={`${subject.subject_uid}-${index}`}>
            <td>
              {subjectName(subject.subject_uid)}
              {focus && <span className="muted"> (area)</span>}
            </td>
            <td className="numeric">{formatProbability(subject.probability)}</td>
            <td>{subject.consensus === 'True' ? 'Yes' : 'No'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One media item with every assertion on it; under an application, the way into labelling it. */
export function Component() {
  const { tenantId = '', appId, mediaId = '' } = useParams();
  const media = useMedia(mediaId);
  const detections = useMediaDetections(mediaId);
  const associations = useMediaSubjects(mediaId);
  const subjectName = useSubjectNames(tenantId);

  if (media.isPending) return <Spinner label="Loading media…" />;
  if (media.isError) return <Alert>{media.error.message}</Alert>;
  const item = media.data;
  const assertions = detections.data ?? [];
  const focuses = (associations.data ?? []).map((a) => a.focus).filter((focus): focus is Focus => focus !== null);

  return (
    <>
      <PageHeader
        title={item.title ?? item.filename ?? `Media ${item.media_id}`}
        description={`${item.image_width} × ${item.image_height} · ${item.media_format}`}
        actions={
          appId && (
            <Link
              className="btn btn--primary"
              to={`/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(appId)}/media/${encodeURIComponent(mediaId)}/label`}
            >
              Label this media
            </Link>
          )
        }
      />
      <div className="media-layout">
        <div>
          <div className="media-view">
            <img src={item.resize_urls[VIEW_WIDTH] ?? item.media_url} alt={item.title ?? item.filename ?? 'The media item'} />
            <AssertionOverlay width={item.image_width} height={item.image_height} assertions={assertions} focuses={focuses} />
          </div>
        </div>
        <div>
          <section className="panel" aria-labelledby="associations-title">
            <h2 id="associations-title" className="section-title">
              Current associations
            </h2>
            <Associations mediaId={mediaId} subjectName={subjectName} />
          </section>
          {detections.isPending ? (
            <Spinner label="Loading assertions…" />
          ) : detections.isError ? (
            <Alert>{detections.error.message}</Alert>
          ) : (
            <>
              <AssertionTimeline title="By users" assertions={assertions.filter((a) => a.user_id)} subjectName={subjectName} />
              <AssertionTimeline title="By models" assertions={assertions.filter((a) => !a.user_id)} subjectName={subjectName} />
            </>
          )}
        </div>
      </div>
    </>
  );
}
