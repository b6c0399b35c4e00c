import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VideoFormat } from '../media/container';
import { runFfmpeg, withVideoFile } from '../media/ffmpeg';

/** The committed test clip (video/README.md): 5 s, 384×288, 10 fps, 50 frames, H.264 in MP4. */
export const STREET_CLIP_PATH = new URL('./video/street.mp4', import.meta.url).pathname;
/** The clip as a `file:` URL, as a manifest would name a file on the service's disk. */
export const STREET_CLIP_URL = new URL('./video/street.mp4', import.meta.url).href;
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
export async function streetClipAs(format: Exclude<VideoFormat, 'mp4'>): Promise<Buffer> {
  return withVideoFile(await readStreetClip(), 'mp4', async (input, directory) => {
    const output = join(directory, `clip.${format}`);
    await runFfmpeg(input, ['-v', 'error', '-t', '2', '-an', ...CONVERSIONS[format], output]);
    return readFile(output);
  });
}
