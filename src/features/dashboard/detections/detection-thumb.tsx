import { Link } from 'react-router';
import { presenceThreshold } from '../../../api/presence';
import type { DetectionRecord } from '../../../api/schemas/detections';
import { formatProbability } from '../shared/format-time';
import { AssertionOverlay } from '../shared/assertion-overlay';
import { selectIsSelected, toggleSelected, useDetectionSelection } from './detection-selection';

const THUMB_WIDTH = '256';

export interface DetectionThumbProps {
  record: DetectionRecord;
  /** The application's detection thresholds: a subject is named only where an assertion of it reaches its own. */
  thresholds: Readonly<Record<string, number>>;
  href: string;
  subjectName: (uid: string) => string;
  /** A person's name or email from their user id. */
  personName: (userId: string) => string;
  /** The application whose managers may pick the item to queue for labelling; absent: no picking. */
  selectFor?: string;
}

const unique = (values: string[]) => [...new Set(values)];

/**
 * What a thumbnail says: the subjects found (asserted at least as probably as their threshold: a model asserts every
 * output subject, most of them improbably), who asserted them (a model or people), and the highest probability.
 */
function describeRecord({ record, thresholds, subjectName, personName }: Omit<DetectionThumbProps, 'href' | 'selectFor'>) {
  const { detections } = record;
  const found = detections.filter((detection) => detection.probability >= presenceThreshold(thresholds, detection.subject_uid));
  const subjects = unique(found.map((detection) => subjectName(detection.subject_uid))).join(', ') || 'Nothing found';
  const sources = unique(detections.map((detection) => (detection.user_id ? personName(detection.user_id) : 'Model'))).join(', ') || '—';
  const probability = formatProbability(Math.max(...detections.map((detection) => detection.probability), 0));
  return { subjects, sources, probability };
}

/** The box that picks the item for "Queue for labelling", over the thumbnail's corner. */
function SelectBox({ appId, mediaId, name }: { appId: string; mediaId: string; name: string }) {
  const checked = useDetectionSelection(selectIsSelected(appId, mediaId));
  return (
    <label className="thumb__select" title="Select for labelling">
      <input type="checkbox" checked={checked} onChange={() => toggleSelected(appId, mediaId)} aria-label={`Select ${name}`} />
    </label>
  );
}

/** One detection record: the image with its marks drawn over it, then its subjects, source and probability. */
export function DetectionThumb({ href, selectFor, ...described }: DetectionThumbProps) {
  const { media, focus, detections } = described.record;
  const { subjects, sources, probability } = describeRecord(described);
  const link = (
    <Link
      className="thumb"
      to={href}
      aria-label={[`Media ${media.filename ?? media.media_id}`, detections.length > 0 && `${subjects} by ${sources}`, `probability ${probability}`]
        .filter(Boolean)
        .join(', ')}
    >
      <span className="thumb__image">
        <img src={media.resize_urls[THUMB_WIDTH] ?? media.media_url} alt="" loading="lazy" decoding="async" />
        <AssertionOverlay width={media.image_width} height={media.image_height} assertions={detections} focuses={focus ? [focus] : []} fit="contain" />
      </span>
      <span className="thumb__caption" aria-hidden="true">
        <span className="thumb__subject" title={subjects}>
          {subjects}
        </span>
        <span className="thumb__meta">
          <span className="thumb__source" title={sources}>
            {sources}
          </span>
          <span className="thumb__probability">{probability}</span>
        </span>
      </span>
    </Link>
  );
  if (!selectFor) return link;
  return (
    <div className="thumb-cell">
      {link}
      <SelectBox appId={selectFor} mediaId={media.media_id} name={media.filename ?? media.media_id} />
    </div>
  );
}
