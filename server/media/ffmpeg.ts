import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { createConcurrencyLimit } from './concurrency-limit';
import { inputOptions, RTSP_INPUT_OPTIONS, RTSP_PROBES, type VideoFormat } from './container';
import { MAX_MEDIA_PIXELS } from './open-image';
import { makeScratchDir } from './scratch-dir';

/** How long one ffprobe or ffmpeg run may take before it is killed: a file that takes longer is refused as damaged. */
const VIDEO_TOOL_TIMEOUT_MS = 60_000;

/** Decoding video is CPU-heavy: at most two runs at once, whatever the number of uploads and jobs. */
const runVideoWork = createConcurrencyLimit(2);

/** A run of ffprobe or ffmpeg that failed, timed out or was killed; its stderr says why, for the log. */
class VideoToolError extends Error {
  constructor(tool: string, cause: Error & { killed?: boolean; stderr?: string }, timeoutMs: number) {
    const reason = cause.killed ? `timed out after ${timeoutMs / 1000} s` : (cause.stderr?.trim() || cause.message).slice(0, 500);
    super(`${tool} failed: ${reason}`);
    this.name = 'VideoToolError';
  }
}

interface ToolOutput {
  stdout: Buffer;
  stderr: string;
}

/** Runs a packaged binary in a child process (never on the event loop), with a timeout and bounded output. */
function execTool(tool: 'ffmpeg' | 'ffprobe', args: readonly string[], timeoutMs: number, signal?: AbortSignal): Promise<ToolOutput> {
  const path = tool === 'ffmpeg' ? ffmpegInstaller.path : ffprobeInstaller.path;
  return new Promise<ToolOutput>((resolve, reject) => {
    execFile(
      path,
      [...(tool === 'ffmpeg' ? ['-nostdin'] : []), '-hide_banner', ...args],
      { encoding: 'buffer', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024, windowsHide: true, ...(signal ? { signal } : {}) },
      (error, stdout, stderr) => {
        const stderrText = stderr.toString('utf8');
        if (error) reject(new VideoToolError(tool, Object.assign(error, { stderr: stderrText }), timeoutMs));
        else resolve({ stdout, stderr: stderrText });
      },
    );
  });
}

/** A run of a tool on video work: at most two at once (runVideoWork). */
const runTool = (tool: 'ffmpeg' | 'ffprobe', args: readonly string[]) => runVideoWork(() => execTool(tool, args, VIDEO_TOOL_TIMEOUT_MS));

/** A video file for the tools to read, and its format as its bytes say (container.ts). */
export interface VideoInput {
  path: string;
  format: VideoFormat;
}

/** The tools read the input with its format's demuxer and the file protocol only, whatever the file holds. */
const readInput = ({ path, format }: VideoInput) => [...inputOptions(format), '-i', path];

export const runFfprobe = (input: VideoInput, args: readonly string[]) => runTool('ffprobe', [...readInput(input), ...args]);
export const runFfmpeg = (input: VideoInput, args: readonly string[]) => runTool('ffmpeg', [...readInput(input), ...args]);

/**
 * The first frame of an RTSP stream as a JPEG, within `timeoutMs` or until `signal` ends it: ffmpeg reads the stream
 * with the RTSP demuxer over TCP alone (container.ts), decodes no frame of more than the media pixel limit, and writes
 * one frame to its stdout. Captures are not video work: the capture jobs' own limit bounds them (jobs/queue.ts), so a
 * camera that is slow to answer never holds up the uploads' video checks.
 */
export async function grabRtspFrame(url: string, timeoutMs: number, signal: AbortSignal): Promise<Buffer> {
  const output = ['-v', 'error', '-an', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'mjpeg', '-q:v', '3', 'pipe:1'];
  const grab = async (probe: readonly string[]) => {
    const input = [...RTSP_INPUT_OPTIONS, ...probe, '-stimeout', String(timeoutMs * 1000), '-max_pixels', String(MAX_MEDIA_PIXELS), '-i', url];
    return (await execTool('ffmpeg', [...input, ...output], timeoutMs, signal)).stdout;
  };
  const [quick, thorough] = RTSP_PROBES;
  return grab(quick).catch((error: unknown) => {
    if (error instanceof Error && /codec parameters|unspecified size/.test(error.message)) return grab(thorough);
    throw error;
  });
}

/**
 * Runs `work` on the bytes written to a private temporary file (containers such as MP4 need a seekable input, which a
 * pipe is not), in a scratch folder it may also write to; the folder goes afterwards.
 */
export async function withVideoFile<T>(bytes: Buffer, format: VideoFormat, work: (input: VideoInput, directory: string) => Promise<T>): Promise<T> {
  const directory = await makeScratchDir('video');
  try {
    const path = join(directory, 'input');
    await writeFile(path, bytes, { mode: 0o600 });
    return await work({ path, format }, directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
