import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg, withTemporaryFile } from '../media/ffmpeg';
import type { VideoFormat } from '../media/video';

/** The committed test clip (video/README.md): 5 s, 384×288, 10 fps, 50 frames, H.264 in MP4. */
const STREET_CLIP_PATH = new URL('./video/street.mp4', import.meta.url).pathname;
export const STREET_CLIP = { width: 384, height: 288, duration: 5, frames: 50 } as const;

export const readStreetClip = () => readFile(STREET_CLIP_PATH);

/** ffmpeg output options per format: the first two seconds, re-encoded where the container needs another codec. */
const CONVERSIONS: Record<Exclude<VideoFormat, 'mp4'>, string[]> = {
  mov: ['-c:v', 'copy', '-f', 'mov'],
  mkv: ['-c:v', 'copy', '-f', 'matroska'],
  webm: ['-c:v', 'libvpx', '-b:v', '200k', '-f', 'webm'],
  avi: ['-c:v', 'mpeg4', '-q:v', '8', '-f', 'avi'],
  gif: ['-vf', 'fps=5,scale=96:-1', '-f', 'gif'],
};

/** The street clip's first two seconds in another container, made with the packaged ffmpeg. */
export function streetClipAs(format: Exclude<VideoFormat, 'mp4'>): Promise<Buffer> {
  return withTemporaryFile(Buffer.alloc(0), async (_input, directory) => {
    const output = join(directory, `clip.${format}`);
    await runFfmpeg(['-v', 'error', '-i', STREET_CLIP_PATH, '-t', '2', '-an', ...CONVERSIONS[format], output]);
    return readFile(output);
  });
}
