import { MEDIA_MAX_BYTES } from '../../../src/api/limits';
import { mjpegBoundary, readFirstMjpegFrame } from '../../media/mjpeg';
import { cameraAddressJudge, cameraUrlRefusal, type CameraAddressRules } from '../../net/camera-address-rule';
import { portOf } from '../../net/address-rule';
import type { Credentials } from '../../net/http-auth';
import { FetchFailed, openUrl, readBody, type FetchPolicy } from '../../net/http-fetch';

const HTTP_PROTOCOLS = new Set(['http:', 'https:']);

/** Where a camera's HTTP requests may go: http: or https:, and the camera address rule on every hop. */
const cameraFetchPolicy = (rules: CameraAddressRules): FetchPolicy => ({
  refusalOfUrl: (url) => (HTTP_PROTOCOLS.has(url.protocol) ? cameraUrlRefusal(url, rules) : `A camera may not redirect to ${url.protocol} URLs.`),
  judgeFor: (url) => cameraAddressJudge(rules, portOf(url)),
});

interface HttpFrameRequest {
  url: string;
  rules: CameraAddressRules;
  credentials: Credentials | undefined;
  userAgent: string;
  signal: AbortSignal;
}

/**
 * One frame of an HTTP camera: the snapshot its URL answers, or the first frame of the MJPEG stream
 * (`multipart/x-mixed-replace`) it answers, read no further than that frame. At most the media size limit is read.
 */
export async function httpFrame({ url, rules, credentials, userAgent, signal }: HttpFrameRequest): Promise<Buffer> {
  const response = await openUrl(url, cameraFetchPolicy(rules), { signal, credentials, userAgent, accept: 'image/jpeg, multipart/x-mixed-replace, image/*' });
  const boundary = mjpegBoundary(response.headers['content-type']);
  if (boundary === null) return readBody(response, MEDIA_MAX_BYTES, 'The snapshot');
  try {
    return await readFirstMjpegFrame(response.body, boundary, MEDIA_MAX_BYTES);
  } catch (error) {
    if (error instanceof RangeError) throw new FetchFailed(`The MJPEG stream of ${response.url.host}: ${error.message}`);
    throw error;
  } finally {
    response.body.destroy();
  }
}
