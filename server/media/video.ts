import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { VIDEO_MAX_SECONDS } from '../../src/api/limits';
import { DomainError, tooLarge, unsupportedMedia } from '../errors';
import type { VideoFormat } from './container';
import { runFfmpeg, runFfprobe, withVideoFile, type VideoInput } from './ffmpeg';
import { MAX_MEDIA_PIXELS } from './open-image';

export const VIDEO_CONTENT_TYPES: Record<VideoFormat, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  gif: 'image/gif',
};

/** A GIF of more than one frame: it is taken as a video, so that none of its frames is lost. */
export async function isAnimatedGif(bytes: Buffer): Promise<boolean> {
  const { pages } = await sharp(bytes).metadata().catch(() => ({ pages: undefined }));
  return (pages ?? 1) > 1;
}

export interface VideoFacts {
  format: VideoFormat;
  /** Of the frames as shown (a rotated phone video's frames stand upright). */
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
  /** The first frame as a JPEG. */
  poster: Buffer;
  md5: string;
  size: number;
}

const DAMAGED = 'The video file is damaged or incomplete.';

interface ProbedStream {
  nb_frames?: string;
  nb_read_packets?: string;
  duration?: string;
}

/**
 * The duration of the first video stream, after every packet was read: a file cut short says so on
 * stderr, or holds fewer packets than its header declares (an AVI cut short still parses).
 */
async function probe(input: VideoInput): Promise<number> {
  const { stdout, stderr } = await runFfprobe(input, [
    ...['-v', 'error', '-count_packets', '-select_streams', 'v:0'],
    ...['-show_entries', 'format=duration:stream=nb_frames,nb_read_packets,duration', '-of', 'json'],
  ]);
  const report = JSON.parse(stdout.toString('utf8')) as { streams?: ProbedStream[]; format?: { duration?: string } };
  const stream = report.streams?.[0];
  if (stderr.trim() !== '' || !stream) throw unsupportedMedia(DAMAGED);
  const packets = Number(stream.nb_read_packets);
  const declared = Number(stream.nb_frames);
  if (!(packets > 0) || (declared > 0 && packets < declared)) throw unsupportedMedia(DAMAGED);
  const duration = Number(report.format?.duration ?? stream.duration);
  if (!(duration > 0)) throw unsupportedMedia(DAMAGED);
  return duration;
}

/** The first frame, upright, as a JPEG. */
async function firstFrame(input: VideoInput): Promise<Buffer> {
  const { stdout } = await runFfmpeg(input, ['-v', 'error', '-frames:v', '1', '-an', '-f', 'image2pipe', '-c:v', 'mjpeg', '-pix_fmt', 'yuvj420p', '-q:v', '3', 'pipe:1']);
  if (stdout.length === 0) throw unsupportedMedia(DAMAGED);
  return stdout;
}

/**
 * Reads the facts of a video (or animated GIF) and its poster, proving that every packet of it is there, or refuses
 * it: damaged or cut short (415), longer than the limit or frames of too many pixels (413). ffprobe and ffmpeg run in
 * child processes with a timeout; a run that fails or times out is a damaged file.
 */
export async function inspectVideo(bytes: Buffer, format: VideoFormat): Promise<VideoFacts> {
  const { duration, poster } = await withVideoFile(bytes, format, async (input) => {
    const probed = await probe(input);
    if (probed > VIDEO_MAX_SECONDS) throw tooLarge(`The video is longer than ${VIDEO_MAX_SECONDS} seconds.`);
    return { duration: probed, poster: await firstFrame(input) };
  }).catch((error: unknown) => {
    if (error instanceof DomainError) throw error;
    throw unsupportedMedia(DAMAGED);
  });
  const { width = 0, height = 0 } = await sharp(poster).metadata();
  if (width * height > MAX_MEDIA_PIXELS) throw tooLarge(`The video's frames have more than ${MAX_MEDIA_PIXELS / 1_000_000} megapixels.`);
  return { format, width, height, duration, poster, md5: createHash('md5').update(bytes).digest('hex'), size: bytes.length };
}
