import { grabRtspFrame } from '../../media/ffmpeg';
import { portOf } from '../../net/address-rule';
import { cameraAddressJudge, cameraUrlRefusal, type CameraAddressRules } from '../../net/camera-address-rule';
import { resolveOneAllowed } from '../../net/guarded-lookup';
import type { Credentials } from '../../net/http-auth';
import { FetchFailed } from '../../net/http-fetch';
import { startRtspGuard } from '../../net/rtsp-guard';

interface RtspFrameRequest {
  url: string;
  rules: CameraAddressRules;
  credentials: Credentials | undefined;
  timeoutMs: number;
  signal: AbortSignal;
}

/** The last line ffmpeg wrote to stderr, which names what went wrong, with the relay's URL named as the camera. */
function ffmpegReason(error: unknown, relayUrl: string, cameraName: string): string {
  const text = error instanceof Error ? (error.message.trim().split('\n').at(-1) ?? error.message) : String(error);
  return text.split(relayUrl).join(cameraName);
}

/**
 * One frame of an RTSP camera, through the packaged ffmpeg (media/ffmpeg.ts: the RTSP demuxer over TCP alone). The
 * service resolves and judges the camera's address itself and hands ffmpeg a relay to that address on loopback
 * (net/rtsp-guard.ts), which passes on only plain 2xx answers and logs in for ffmpeg: the credentials never travel on
 * ffmpeg's command line, nor into its messages.
 */
export async function rtspFrame({ url: raw, rules, credentials, timeoutMs, signal }: RtspFrameRequest): Promise<Buffer> {
  const url = new URL(raw);
  const refusal = cameraUrlRefusal(url, rules);
  if (refusal !== null) throw new FetchFailed(refusal);
  const port = portOf(url);
  const target = await resolveOneAllowed(url.hostname.replace(/^\[|\]$/g, ''), cameraAddressJudge(rules, port)).catch((error: unknown) => {
    throw new FetchFailed(`${url.host} may not be reached: ${error instanceof Error ? error.message : String(error)}`);
  });
  const guard = await startRtspGuard({ target: { address: target.address, port }, cameraName: url.host, credentials });
  const relayUrl = `rtsp://${guard.host}${url.pathname}${url.search}`;
  try {
    return await grabRtspFrame(relayUrl, timeoutMs, signal);
  } catch (error) {
    throw new FetchFailed(guard.refusal() ?? `The RTSP stream of ${url.host} gave no frame: ${ffmpegReason(error, relayUrl, url.host)}`);
  } finally {
    guard.close();
  }
}
