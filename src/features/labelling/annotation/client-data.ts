import type { AnswerMeta } from './feedback';

export type InputDevice = 'mouse' | 'touch' | 'pen' | 'keyboard' | 'unknown';

/** What client_data says about the device and the app; fixed for a session except the input device. */
export interface ClientEnvironment {
  readonly appName: string;
  readonly appVersion: string;
  readonly userAgent: string;
  readonly viewport: { readonly width: number; readonly height: number };
  readonly devicePixelRatio: number;
  readonly sessionId: string;
}

/** Reads the environment from the browser; the session id is made once per page load by the caller. */
export function browserEnvironment(appName: string, appVersion: string, sessionId: string): ClientEnvironment {
  return {
    appName,
    appVersion,
    userAgent: navigator.userAgent,
    viewport: { width: window.innerWidth, height: window.innerHeight },
    devicePixelRatio: window.devicePixelRatio || 1,
    sessionId,
  };
}

/**
 * decision_time (Unix seconds, fractional: when the person answered) and client_data, with decision_seconds the
 * time from the item being shown to the answer. Times are ms since epoch, as Date.now() gives them.
 */
export function answerMeta(
  env: ClientEnvironment,
  inputDevice: InputDevice,
  shownAtMs: number,
  answeredAtMs: number,
): AnswerMeta {
  return {
    decision_time: answeredAtMs / 1000,
    client_data: {
      app_name: env.appName,
      app_version: env.appVersion,
      user_agent: env.userAgent,
      viewport: { width: env.viewport.width, height: env.viewport.height },
      device_pixel_ratio: env.devicePixelRatio,
      input_device: inputDevice,
      session_id: env.sessionId,
      decision_seconds: Math.max(0, Math.round(answeredAtMs - shownAtMs) / 1000),
    },
  };
}
