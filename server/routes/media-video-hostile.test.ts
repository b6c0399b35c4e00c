import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg, runFfprobe, withVideoFile } from '../media/ffmpeg';
import { multipartBody } from '../testing/multipart-body';
import { createTestApp, type TestApp } from '../testing/test-app';
import { readStreetClip, STREET_CLIP_URL, streetClipAs } from '../testing/videos';
import { videoSegmentation } from '../types/video-segmentation/module';

let t: TestApp;
let labeller: Record<string, string>;
let clip: Buffer;
/** A loopback listener serving the street clip, which records every request it gets. */
let listener: Server;
let requests: string[];
let remoteClipUrl: string;

async function upload(bytes: Buffer, filename: string) {
  const body = await multipartBody([['file', bytes, filename]]);
  return t.inject({ method: 'POST', url: '/1/media', headers: { ...labeller, ...body.headers }, payload: body.payload });
}

/** A DASH manifest behind the comment that made issue 28's upload pass for a QuickTime file: bytes 4 to 8 spell `skip`. */
const dashManifest = (baseUrl: string) =>
  Buffer.from(`<!--skip-->
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT5S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
<Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="100000" width="384" height="288" codecs="avc1.42c01e">
<BaseURL>${baseUrl}</BaseURL>
</Representation></AdaptationSet></Period></MPD>
`);

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  labeller = await t.demoAuth('labeller@demo.test', t.demo!.tenantIds.demoLab);
  clip = await readStreetClip();
  requests = [];
  listener = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length }).end(clip);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  remoteClipUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/v.mp4`;
});
afterAll(async () => {
  listener.closeAllConnections();
  await new Promise((resolve) => listener.close(resolve));
  await t.close();
});

describe('uploads that name other files', () => {
  it('refuse a DASH manifest named .mov whose BaseURL is an http address with 415, and fetch nothing', async () => {
    const response = await upload(dashManifest(remoteClipUrl), 'clip.mov');
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/^The file is a DASH manifest \(MPD\), not .*MP4, MOV, WebM, MKV or AVI video/);
    expect(requests).toEqual([]);
  });

  it("refuse a DASH manifest whose BaseURL is a file on the service's disk with 415", async () => {
    const response = await upload(dashManifest(STREET_CLIP_URL), 'clip.mov');
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/DASH manifest/);
  });

  it.each([
    ['an HLS playlist (M3U8)', 'clip.mp4', (url: string) => `#EXTM3U\n#EXT-X-TARGETDURATION:5\n#EXTINF:5.0,\n${url}\n#EXT-X-ENDLIST\n`],
    ['an ffconcat script', 'clip.mov', (url: string) => `ffconcat version 1.0\nfile '${url}'\n`],
    ['an SDP session description', 'clip.mp4', () => '<!--skip-->\nv=0\no=- 0 0 IN IP4 127.0.0.1\ns=clip\nc=IN IP4 127.0.0.1\nt=0 0\nm=video 9 RTP/AVP 96\na=rtpmap:96 H264/90000\n'],
  ])('refuse %s named %s with 415 and a message naming it', async (kind, filename, text) => {
    const response = await upload(Buffer.from(text(remoteClipUrl)), filename);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toContain(`The file is ${kind}, not`);
    expect(requests).toEqual([]);
  });

  it('let a video_segmentation run on a manifest stored before this rule fetch nothing and make no frames', async () => {
    const stored = { mediaId: 'med_manifest', video: true, width: 640, height: 360, placeInPlan: null, readBytes: async () => dashManifest(remoteClipUrl), tilesOfItsPlan: async () => [] };
    await expect(videoSegmentation.run(stored, { every_nth_frame: 10 })).rejects.toThrow();
    expect(requests).toEqual([]);
  });

  it.each(['mov', 'mkv', 'avi', 'gif'] as const)('have ffprobe and ffmpeg read a manifest taken for %s as that, fetching nothing', async (format) => {
    const runs = await withVideoFile(dashManifest(remoteClipUrl), format, (input) =>
      Promise.allSettled([
        runFfprobe(input, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'json']),
        runFfmpeg(input, ['-v', 'error', '-frames:v', '1', '-f', 'null', '-']),
      ]),
    );
    expect(runs.map((run) => run.status)).toEqual(['rejected', 'rejected']);
    expect(requests).toEqual([]);
  });

  it.each([
    ['mp4', () => readStreetClip()],
    ['mov', () => streetClipAs('mov')],
  ])('still take a real %s video', async (format, bytes) => {
    const response = await upload(await bytes(), `street.${format}`);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ video: true, media_format: format });
  });
});
