import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unsupportedMedia } from '../errors';
import { sniffVideoFormat } from './container';
import { runFfmpeg, runFfprobe, withVideoFile, type VideoInput } from './ffmpeg';

/** One frame of a video: its index in presentation order (0 first), its time from the first frame, and a JPEG of it. */
export interface VideoFrame {
  index: number;
  offsetSeconds: number;
  image: Buffer;
}

/** The presentation times of every frame of the first video stream, in order, read from the packets (no decoding). */
async function frameTimes(input: VideoInput): Promise<number[]> {
  const { stdout } = await runFfprobe(input, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0']);
  return stdout
    .toString('utf8')
    .split('\n')
    .map((line) => Number.parseFloat(line))
    .filter((time) => Number.isFinite(time))
    .sort((a, b) => a - b);
}

/**
 * The frames of a video that `choose` picks, given every frame's time in seconds from the first: one ffmpeg run decodes
 * the video in a child process and writes the picked frames as JPEGs, in order. The bytes are sniffed again, as a file
 * stored before the container rule (a manifest) must not be read as whatever ffmpeg guesses.
 */
export async function extractFrames(bytes: Buffer, choose: (times: readonly number[]) => readonly number[]): Promise<VideoFrame[]> {
  const format = sniffVideoFormat(bytes);
  if (!format) throw unsupportedMedia('The file is not a video the service reads.');
  return withVideoFile(bytes, format, async (input, directory) => {
    const times = await frameTimes(input);
    const first = times[0] ?? 0;
    const offsets = times.map((time) => time - first);
    const indexes = [...new Set(choose(offsets))].sort((a, b) => a - b);
    if (indexes.length === 0) return [];
    const select = `select=${indexes.map((index) => `eq(n\\,${index})`).join('+')}`;
    await runFfmpeg(input, ['-v', 'error', '-an', '-vf', select, '-vsync', '0', '-q:v', '3', join(directory, 'frame-%06d.jpg')]);
    const files = (await readdir(directory)).filter((name) => name.startsWith('frame-')).sort();
    return Promise.all(
      files.map(async (name, position) => {
        const index = indexes[position]!;
        return { index, offsetSeconds: offsets[index] ?? 0, image: await readFile(join(directory, name)) };
      }),
    );
  });
}
