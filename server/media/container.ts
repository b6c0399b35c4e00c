/** The containers the service takes as video, and an animated GIF. */
export type VideoFormat = 'mp4' | 'mov' | 'webm' | 'mkv' | 'avi' | 'gif';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** The boxes an MP4 or QuickTime file starts with: a 32-bit size, then one of these types. */
const QUICKTIME_FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
/** How much of a file's start tells text from binary, and names the text. */
const HEAD_BYTES = 4096;

/** No control bytes but tab, line feed, form feed and carriage return: a manifest, a playlist, a script. */
function looksLikeText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, HEAD_BYTES);
  return head.length > 0 && head.every((byte) => (byte >= 0x20 ? byte !== 0x7f : [0x09, 0x0a, 0x0c, 0x0d].includes(byte)));
}

/**
 * A video container (or a GIF, which is a video when it has more than one frame) from its magic bytes; the name is
 * never trusted. A box type is only 4 bytes in: text that spells one there (`<!--skip-->` before a DASH manifest) is
 * not a QuickTime file, as a real box's size is binary.
 */
export function sniffVideoFormat(bytes: Buffer): VideoFormat | null {
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'AVI ') return 'avi';
  // The EBML header names its DocType within its first few dozen bytes.
  if (bytes.subarray(0, 4).equals(EBML_MAGIC)) return ascii(bytes, 0, 64).includes('webm') ? 'webm' : 'mkv';
  const box = ascii(bytes, 4, 8);
  if (!QUICKTIME_FIRST_BOXES.has(box) || looksLikeText(bytes)) return null;
  return box === 'ftyp' && ascii(bytes, 8, 12) !== 'qt  ' ? 'mp4' : 'mov';
}

const TEXT_KINDS: readonly (readonly [RegExp, string])[] = [
  [/<MPD[\s>]/, 'a DASH manifest (MPD)'],
  [/^#EXTM3U/m, 'an HLS playlist (M3U8)'],
  [/^ffconcat version/m, 'an ffconcat script'],
  [/^(v=0|c=IN IP)/m, 'an SDP session description'],
];

/** What a file that is text holds, for a refusal's message ("an HLS playlist (M3U8)", or just "text"); null for a binary file. */
export function describeText(bytes: Buffer): string | null {
  if (!looksLikeText(bytes)) return null;
  const head = bytes.toString('utf8', 0, HEAD_BYTES);
  return TEXT_KINDS.find(([pattern]) => pattern.test(head))?.[1] ?? 'text';
}

/** ffmpeg's demuxer of each format (`mov` reads MP4 too, `matroska` WebM). */
const DEMUXERS: Record<VideoFormat, string> = { mp4: 'mov', mov: 'mov', webm: 'matroska', mkv: 'matroska', avi: 'avi', gif: 'gif' };

/**
 * The options before a file's `-i`, for ffmpeg and ffprobe alike: the demuxer of the sniffed format, never one that
 * ffmpeg guesses (its guess read a manifest named `.mov` as DASH and fetched the URL it named), and the `file`
 * protocol only. Of these demuxers only QuickTime's can open another file, through external references, which are
 * off by default and kept off here whatever a build's default.
 */
export function inputOptions(format: VideoFormat): string[] {
  const demuxer = DEMUXERS[format];
  return ['-protocol_whitelist', 'file', '-f', demuxer, ...(demuxer === 'mov' ? ['-enable_drefs', '0'] : [])];
}

/**
 * The options before an RTSP camera's `-i`: the RTSP demuxer, RTP interleaved in its TCP connection, and the `tcp`
 * protocol alone (no UDP ports opened, no other protocol a server could point ffmpeg at).
 */
export const RTSP_INPUT_OPTIONS = ['-protocol_whitelist', 'tcp', '-f', 'rtsp', '-rtsp_transport', 'tcp'];

/**
 * How much of an RTSP stream ffmpeg reads before decoding: nothing beyond the session description (a frame in tens
 * of milliseconds, where a second's analysis took two), else, for a stream whose description leaves out the picture's
 * size, up to a second of it.
 */
export const RTSP_PROBES = [
  ['-probesize', '32', '-analyzeduration', '0'],
  ['-probesize', '1000000', '-analyzeduration', '1000000'],
] as const;
