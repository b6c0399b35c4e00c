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
}

/** The last line ffmpeg wrote to stderr, which names what went wrong. */
const ffmpegReason = (error: unknown) => (error instanceof Error ? (error.message.trim().split('\n').at(-1) ?? error.message) : String(error));

/**
 * One frame of an RTSP camera, through the packaged ffmpeg (media/ffmpeg.ts: the RTSP demuxer over TCP alone). The
 * service resolves and judges the camera's address itself and hands ffmpeg a relay to that address on loopback
 * (net/rtsp-guard.ts), which ends the connection should the camera redirect ffmpeg elsewhere.
 */
export async function rtspFrame({ url: raw, rules, credentials, timeoutMs }: RtspFrameRequest): Promise<Buffer> {
  const url = new URL(raw);
  const refusal = cameraUrlRefusal(url, rules);
  if (refusal !== null) throw new FetchFailed(refusal);
  const port = portOf(url);
  const target = await resolveOneAllowed(url.hostname.replace(/^\[|\]$/g, ''), cameraAddressJudge(rules, port)).catch((error: unknown) => {
    throw new FetchFailed(`${url.host} may not be reached: ${error instanceof Error ? error.message : String(error)}`);
  });
  const guard = await startRtspGuard({ address: target.address, port });
  try {
    const userinfo = credentials ? `${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@` : '';
    return await grabRtspFrame(`rtsp://${userinfo}${guard.host}${url.pathname}${url.search}`, timeoutMs);
  } catch (error) {
    if (guard.redirected()) throw new FetchFailed(`${url.host} redirected the stream elsewhere; the service does not follow RTSP redirects.`);
    throw new FetchFailed(`The RTSP stream of ${url.host} gave no frame: ${ffmpegReason(error)}`);
  } finally {
    guard.close();
  }
}
