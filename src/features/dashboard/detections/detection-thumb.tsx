import { Link } from 'react-router';
import { presenceThreshold } from '../../../api/presence';
import type { DetectionRecord } from '../../../api/schemas/detections';
import { formatProbability } from '../shared/format-time';
import { AssertionOverlay } from '../shared/assertion-overlay';

const THUMB_WIDTH = '256';

export interface DetectionThumbProps {
  record: DetectionRecord;
  /** The application's detection thresholds: a subject is named only where an assertion of it reaches its own. */
  thresholds: Readonly<Record<string, number>>;
  href: string;
  subjectName: (uid: string) => string;
  /** A person's name or email from their user id. */
  personName: (userId: string) => string;
}

const unique = (values: string[]) => [...new Set(values)];

/**
 * What a thumbnail says: the subjects found (asserted at least as probably as their threshold: a model asserts every
 * output subject, most of them improbably), who asserted them (a model or people), and the highest probability.
 */
function describeRecord({ record, thresholds, subjectName, personName }: Omit<DetectionThumbProps, 'href'>) {
  const { detections } = record;
  const found = detections.filter((detection) => detection.probability >= presenceThreshold(thresholds, detection.subject_uid));
  const subjects = unique(found.map((detection) => subjectName(detection.subject_uid))).join(', ') || 'Nothing found';
  const sources = unique(detections.map((detection) => (detection.user_id ? personName(detection.user_id) : 'Model'))).join(', ') || '—';
  const probability = formatProbability(Math.max(...detections.map((detection) => detection.probability), 0));
  return { subjects, sources, probability };
}

/** One detection record: the image with its marks drawn over it, then its subjects, source and probability. */
export function DetectionThumb({ href, ...described }: DetectionThumbProps) {
  const { media, focus, detections } = described.record;
  const { subjects, sources, probability } = describeRecord(described);
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
