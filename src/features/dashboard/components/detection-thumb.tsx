import { Link } from 'react-router';
import type { DetectionRecord } from '../../../api/schemas/detections';
import { formatProbability } from '../utils/format-time';
import { AssertionOverlay } from './assertion-overlay';

const THUMB_WIDTH = '256';

export interface DetectionThumbProps {
  record: DetectionRecord;
  href: string;
  subjectName: (uid: string) => string;
  /** A person's name or email from their user id. */
  personName: (userId: string) => string;
}

const unique = (values: string[]) => [...new Set(values)];

/** What a thumbnail says: the subjects, who asserted them (a model or people), and the highest probability. */
function describeRecord(record: DetectionRecord, subjectName: (uid: string) => string, personName: (userId: string) => string) {
  const { detections } = record;
  const subjects = unique(detections.map((detection) => subjectName(detection.subject_uid))).join(', ') || 'No subject';
  const sources = unique(detections.map((detection) => (detection.user_id ? personName(detection.user_id) : 'Model'))).join(', ') || '—';
  const probability = formatProbability(Math.max(...detections.map((detection) => detection.probability), 0));
  return { subjects, sources, probability };
}

/** One detection record: the image with its marks drawn over it, then its subjects, source and probability. */
export function DetectionThumb({ record, href, subjectName, personName }: DetectionThumbProps) {
  const { media, focus, detections } = record;
  const { subjects, sources, probability } = describeRecord(record, subjectName, personName);
  return (
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
}
