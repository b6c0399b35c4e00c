import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { VIDEO_MAX_SECONDS } from '../../src/api/limits';
import { DomainError, tooLarge, unsupportedMedia } from '../errors';
import { runFfmpeg, runFfprobe, withTemporaryFile } from './ffmpeg';
import { MAX_MEDIA_PIXELS } from './open-image';

/** The containers the service takes as video, and an animated GIF. */
export type VideoFormat = 'mp4' | 'mov' | 'webm' | 'mkv' | 'avi' | 'gif';

export const VIDEO_CONTENT_TYPES: Record<VideoFormat, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  gif: 'image/gif',
};

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** A video container from its magic bytes (a GIF is told apart by its frame count, not here); the name is never trusted. */
export function sniffVideoFormat(bytes: Buffer): Exclude<VideoFormat, 'gif'> | null {
  if (ascii(bytes, 4, 8) === 'ftyp') return ascii(bytes, 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  if (QUICKTIME_ATOMS.has(ascii(bytes, 4, 8))) return 'mov';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'AVI ') return 'avi';
  if (bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) {
    // The EBML header names its DocType within its first few dozen bytes.
    return ascii(bytes, 0, 64).includes('webm') ? 'webm' : 'mkv';
  }
  return null;
}

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
async function probe(inputPath: string): Promise<number> {
  const { stdout, stderr } = await runFfprobe([
    ...['-v', 'error', '-count_packets', '-select_streams', 'v:0'],
    ...['-show_entries', 'format=duration:stream=nb_frames,nb_read_packets,duration', '-of', 'json'],
    inputPath,
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
async function firstFrame(inputPath: string): Promise<Buffer> {
  const { stdout } = await runFfmpeg(['-v', 'error', '-i', inputPath, '-frames:v', '1', '-an', '-f', 'image2pipe', '-c:v', 'mjpeg', '-pix_fmt', 'yuvj420p', '-q:v', '3', 'pipe:1']);
  if (stdout.length === 0) throw unsupportedMedia(DAMAGED);
  return stdout;
}

/**
 * Reads the facts of a video (or animated GIF) and its poster, proving that every packet of it is there, or refuses
 * it: damaged or cut short (415), longer than the limit or frames of too many pixels (413). ffprobe and ffmpeg run in
 * child processes with a timeout; a run that fails or times out is a damaged file.
 */
export async function inspectVideo(bytes: Buffer, format: VideoFormat): Promise<VideoFacts> {
  const { duration, poster } = await withTemporaryFile(bytes, async (inputPath) => {
    const probed = await probe(inputPath);
    if (probed > VIDEO_MAX_SECONDS) throw tooLarge(`The video is longer than ${VIDEO_MAX_SECONDS} seconds.`);
    return { duration: probed, poster: await firstFrame(inputPath) };
  }).catch((error: unknown) => {
    if (error instanceof DomainError) throw error;
    throw unsupportedMedia(DAMAGED);
  });
  const { width = 0, height = 0 } = await sharp(poster).metadata();
  if (width * height > MAX_MEDIA_PIXELS) throw tooLarge(`The video's frames have more than ${MAX_MEDIA_PIXELS / 1_000_000} megapixels.`);
  return { format, width, height, duration, poster, md5: createHash('md5').update(bytes).digest('hex'), size: bytes.length };
}
