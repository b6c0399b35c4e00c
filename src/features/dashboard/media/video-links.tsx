import { Link } from 'react-router';
import type { Media } from '../../../api/schemas/media';
import { PAGE_LIMIT } from '../../../api/limits';
import { Alert } from '../../../components/alert';
import { Spinner } from '../../../components/spinner';
import { previewImageUrl } from '../../../lib/image-choice';
import { useMedia } from '../../../lib/queries/media';
import { useVideoFrames } from './video-frames';

/** Where a media item's page is, under the current application or the tenant. */
export type MediaHref = (mediaId: string) => string;

const mediaName = (media: Pick<Media, 'title' | 'filename' | 'media_id'>) => media.title ?? media.filename ?? `Media ${media.media_id}`;

/** A frame's video, by name, as a link to its page. */
export function FrameOfVideo({ frame, mediaHref }: { frame: Media; mediaHref: MediaHref }) {
  const videoId = frame.parent_media_id ?? '';
  const video = useMedia(videoId);
  return (
    <>
      frame {frame.frame} of the video <Link to={mediaHref(videoId)}>{video.data ? mediaName(video.data) : videoId}</Link>
    </>
  );
}

/** The frames made of a video, each a link to its own page; nothing for a video no application cut into frames. */
export function VideoFrames({ videoId, mediaHref }: { videoId: string; mediaHref: MediaHref }) {
  const frames = useVideoFrames(videoId);
  if (frames.isPending) return <Spinner label="Loading frames…" />;
  if (frames.isError) return <Alert>{frames.error.message}</Alert>;
  if (frames.data.length === 0) return null;
  const count = frames.data.length === PAGE_LIMIT.max ? `The first ${PAGE_LIMIT.max} frames` : `${frames.data.length} frames`;
  return (
    <section className="panel" aria-labelledby="video-frames-title">
      <h2 id="video-frames-title" className="section-title">
        Frames
      </h2>
      <p className="muted">{count} made of this video, in order.</p>
      <ol className="video-frames">
        {frames.data.map((frame) => (
          <li key={frame.media_id}>
            <Link to={mediaHref(frame.media_id)} className="video-frames__frame" aria-label={`Frame ${frame.frame}`} title={mediaName(frame)}>
              <img src={previewImageUrl(frame)} alt="" loading="lazy" decoding="async" />
              <span className="video-frames__number">{frame.frame}</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
