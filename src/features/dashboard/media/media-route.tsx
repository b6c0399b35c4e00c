import { useQuery } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { answerRuleOf } from '../../../api/application-types';
import type { Focus } from '../../../api/types';
import type { Media } from '../../../api/schemas/media';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { useManageRule } from '../../../lib/queries/can-manage';
import { describeQueued, useQueueForLabelling } from '../shared/queue-for-labelling';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { applicationQueryOptions } from '../../../lib/queries/application';
import { useMemberNames } from '../../../lib/queries/current-tenant';
import { useMedia, useMediaDetections, useMediaSubjects } from '../../../lib/queries/media';
import { useSubjectNames } from '../../../lib/queries/subjects';
import { AssertionOverlay, markCount, markSource, type MarkedAssertion } from '../shared/assertion-overlay';
import { useApplications } from '../shared/applications-query';
import { useModelAuthorName } from './model-authors';
import { AssertionTimeline } from './assertion-timeline';
import { FrameOfVideo, VideoFrames } from './video-links';
import { formatProbability } from '../shared/format-time';
import { useSpaceBelow } from './use-space-below';
import { ALL_APPLICATIONS, initialMarkSource, markingApplications, marksOf, NO_APPLICATION } from './mark-sources';

/** Every size the service keeps of the image, for the browser to pick the one the layout needs. */
function sourceSet(media: Media): string {
  const resized = Object.entries(media.resize_urls)
    .filter(([width]) => Number(width) < media.image_width)
    .map(([width, url]) => `${url} ${width}w`);
  return [...resized, `${media.media_url} ${media.image_width}w`].join(', ');
}

/** What the colours over the image mean, with how many marks of each there are. */
function MarkLegend({ assertions, hasFocus }: { assertions: readonly MarkedAssertion[]; hasFocus: boolean }) {
  const count = (source: 'user' | 'model') =>
    assertions.filter((assertion) => markSource(assertion) === source).reduce((sum, assertion) => sum + markCount(assertion), 0);
  const entries = [
    { key: 'model', label: 'Model’s marks', count: count('model') },
    { key: 'user', label: 'People’s marks', count: count('user') },
  ];
  return (
    <ul className="legend mark-legend" aria-label="Marks on the image">
      {entries.map((entry) => (
        <li key={entry.key}>
          <span className={`legend__swatch legend__swatch--mark-${entry.key}`} aria-hidden="true" />
          {entry.label} <span className="numeric">({entry.count})</span>
        </li>
      ))}
      {hasFocus && (
        <li>
          <span className="legend__swatch legend__swatch--focus" aria-hidden="true" />
          Focus area
        </li>
      )}
    </ul>
  );
}

/** Whose marks the image shows: one application's (or the uploads'), or all of them. The timelines list every one. */
function MarkSourcePicker({ sources, value, onChange }: { sources: readonly string[]; value: string; onChange: (source: string) => void }) {
  const tenantId = useParams().tenantId ?? '';
  const applications = useApplications(tenantId);
  const nameOf = (source: string) =>
    source === NO_APPLICATION
      ? 'Uploads to a subject'
      : (applications.data?.find((app) => app.application_id === source)?.name ?? `Application ${source}`);
  return (
    <label className="mark-source">
      <span className="muted">Marks of</span>{' '}
      <select className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        {sources.map((source) => (
          <option key={source} value={source}>
            {nameOf(source)}
          </option>
        ))}
        <option value={ALL_APPLICATIONS}>All {sources.length} sources</option>
      </select>
    </label>
  );
}

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

/** For the application's managers: this item into the labellers' queue, whatever the model thinks of it. */
function QueueThisItem({ appId, mediaId }: { appId: string; mediaId: string }) {
  const queue = useQueueForLabelling(appId);
  const said = queue.isSuccess ? describeQueued(queue.data) : queue.isError ? queue.error.message : null;
  return (
    <>
      {said && (
        <span className="muted" role="status">
          {said}
        </span>
      )}
      <Button busy={queue.isPending} onClick={() => queue.mutate(async () => [mediaId])}>
        Queue for labelling
      </Button>
    </>
  );
}

/** One media item with every assertion on it; under an application, the way into labelling it. */
export function Component() {
  const { tenantId = '', appId, mediaId = '' } = useParams();
  const media = useMedia(mediaId);
  const detections = useMediaDetections(mediaId);
  const associations = useMediaSubjects(mediaId);
  const subjectName = useSubjectNames(tenantId);
  const personName = useMemberNames(tenantId);
  const modelAuthor = useModelAuthorName(tenantId, appId, detections.data ?? []);
  const application = useQuery({ ...applicationQueryOptions(appId ?? ''), enabled: !!appId });
  const labellable = !!application.data && !!answerRuleOf(application.data.type);
  const rule = useManageRule(tenantId);
  const manages = !!application.data && rule.canManage(application.data);
  const [chosenSource, setChosenSource] = useState<string | null>(null);
  const [viewRef, spaceBelow] = useSpaceBelow();
  const base = `/t/${encodeURIComponent(tenantId)}${appId ? `/apps/${encodeURIComponent(appId)}` : ''}`;
  const mediaHref = (id: string) => `${base}/media/${encodeURIComponent(id)}`;

  if (media.isPending) return <Spinner label="Loading media…" />;
  if (media.isError) return <Alert>{media.error.message}</Alert>;
  const item = media.data;
  const everyAssertion = detections.data ?? [];
  const marking = markingApplications(everyAssertion);
  const sources = appId && !marking.includes(appId) ? [appId, ...marking] : marking;
  const shownSource = chosenSource ?? initialMarkSource(appId, sources);
  const shownMarks = marksOf(everyAssertion, shownSource);
  const focuses = (associations.data ?? []).map((a) => a.focus).filter((focus): focus is Focus => focus !== null);

  return (
    <>
      <PageHeader
        title={item.title ?? item.filename ?? `Media ${item.media_id}`}
        description={
          <>
            {`${item.image_width} × ${item.image_height} · ${item.media_format}${item.video && item.duration !== null ? ` · video, ${item.duration.toFixed(1)} s` : ''}`}
            {item.parent_media_id && item.frame !== null && (
              <>
                {' · '}
                <FrameOfVideo frame={item} mediaHref={mediaHref} />
              </>
            )}
          </>
        }
        actions={
          appId &&
          labellable && (
            <>
              {manages && <QueueThisItem appId={appId} mediaId={mediaId} />}
              <Link
                className="btn btn--primary"
                to={`/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(appId)}/media/${encodeURIComponent(mediaId)}/label`}
              >
                Label this media
              </Link>
            </>
          )
        }
      />
      <div
        className="media-layout"
        style={{ '--media-ratio': item.image_width / item.image_height, ...(spaceBelow === null ? {} : { '--media-height': `${spaceBelow}px` }) } as CSSProperties}
      >
        <figure className="media-figure">
          <figcaption>
            {sources.length > 1 && <MarkSourcePicker sources={sources} value={shownSource} onChange={setChosenSource} />}
            <MarkLegend assertions={shownMarks} hasFocus={focuses.length > 0} />
          </figcaption>
          <div className="media-view" ref={viewRef}>
            {item.video ? (
              // The file itself, served with byte ranges so the browser can seek; the poster is its first frame.
              <video
                src={item.media_url}
                poster={item.resize_urls[String(item.image_width)] ?? item.resize_urls['1024']}
                controls
                preload="metadata"
                width={item.image_width}
                height={item.image_height}
                aria-label={item.title ?? item.filename ?? 'The video'}
              />
            ) : (
              <img
                src={item.resize_urls['1024'] ?? item.media_url}
                srcSet={sourceSet(item)}
                sizes="(min-width: 900px) calc(100vw - 440px), 100vw"
                width={item.image_width}
                height={item.image_height}
                alt={item.title ?? item.filename ?? 'The media item'}
              />
            )}
            {!item.video && <AssertionOverlay width={item.image_width} height={item.image_height} assertions={shownMarks} focuses={focuses} />}
          </div>
        </figure>
        <div className="media-side">
          {item.video && <VideoFrames videoId={item.media_id} mediaHref={mediaHref} />}
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
              <AssertionTimeline
                title="By people"
                assertions={everyAssertion.filter((a) => markSource(a) === 'user')}
                subjectName={subjectName}
                authorName={(assertion) => (assertion.user_id ? personName(assertion.user_id) : '—')}
              />
              <AssertionTimeline
                title="By models"
                assertions={everyAssertion.filter((a) => markSource(a) === 'model')}
                subjectName={subjectName}
                authorName={modelAuthor}
              />
            </>
          )}
        </div>
      </div>
    </>
  );
}
