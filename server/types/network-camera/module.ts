import { networkCameraSettings } from '../../../src/api/application-types/network-camera';
import { cameraUrlRefusal } from '../../net/camera-address-rule';
import type { CaptureModule } from '../capture-module';
import { httpFrame } from './http-frame';
import { rtspFrame } from './rtsp-frame';

/** One frame may take this long in all, from the first connection to the last byte. */
const FRAME_DEADLINE_SECONDS = 15;

const originOf = (raw: unknown) => (typeof raw === 'string' && URL.canParse(raw) ? `${new URL(raw).protocol}//${new URL(raw).host}` : null);

/**
 * network_camera: every `interval_seconds` one frame of the camera, a JPEG snapshot, the first frame of an MJPEG stream,
 * or a frame of an RTSP stream (docs/api.md). Its password is kept sealed, for the camera URL's origin only.
 */
export const networkCamera: CaptureModule = {
  type: 'network_camera',
  settings: networkCameraSettings,
  secret: { key: 'password', setFlag: 'password_set', scopeOf: (customFields) => originOf(customFields.camera_url) },
  intervalSeconds: (customFields) => networkCameraSettings.parse(customFields).interval_seconds,
  deadlineSeconds: FRAME_DEADLINE_SECONDS,
  addressRefusals: (customFields, addresses) => {
    const refusal = cameraUrlRefusal(new URL(networkCameraSettings.parse(customFields).camera_url), addresses.camera);
    return refusal === null ? [] : [{ key: 'camera_url', message: refusal }];
  },
  async *capture({ applicationId, customFields, secret, addresses, userAgent, signal }) {
    const settings = networkCameraSettings.parse(customFields);
    const credentials = settings.username ? { username: settings.username, password: secret ?? '' } : undefined;
    const takenAt = Date.now() / 1000;
    const request = { url: settings.camera_url, rules: addresses.camera, credentials };
    const bytes = settings.camera_url.startsWith('rtsp:')
      ? await rtspFrame({ ...request, timeoutMs: FRAME_DEADLINE_SECONDS * 1000, signal })
      : await httpFrame({ ...request, userAgent, signal });
    const stamp = new Date(takenAt * 1000).toISOString().replace(/[:.]/g, '-');
    yield { bytes, timestamp: takenAt, details: { network_camera_id: applicationId, filename: `camera-${stamp}.jpg` } };
  },
};
