import { CAMERA_INTERVAL_SECONDS, networkCameraSettings } from '../../../../api/application-types/network-camera';
import { captureSettings } from './capture-settings-form';

/** network_camera: where the camera's frames are, how often to take one, and its login. */
export const networkCamera = captureSettings({
  legend: 'Camera',
  schema: networkCameraSettings,
  fields: [
    {
      key: 'camera_url',
      label: 'Camera URL',
      kind: 'text',
      type: 'url',
      placeholder: 'http://192.168.1.20/snapshot.jpg',
      hint: 'A JPEG snapshot or an MJPEG stream over http(s), or an rtsp:// stream.',
    },
    {
      key: 'interval_seconds',
      label: 'One frame every',
      kind: 'number',
      unit: 'seconds',
      min: CAMERA_INTERVAL_SECONDS.min,
      max: CAMERA_INTERVAL_SECONDS.max,
      default: CAMERA_INTERVAL_SECONDS.default,
      hint: 'After failures the camera is tried less often, at most 5 minutes apart.',
    },
    { key: 'username', label: 'User name', kind: 'text', hint: 'Only if the camera asks for a login (Basic or Digest).' },
  ],
  secret: { key: 'password', setFlag: 'password_set', label: 'Password' },
});
