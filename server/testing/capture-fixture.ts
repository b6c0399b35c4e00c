// What the capture types' tests share: a capture application's status, and waiting until it says enough.
import type { CaptureStatus } from '../../src/api/schemas/capture';
import { labeller, t } from './pipeline-fixture';

export async function captureStatusOf(appId: string): Promise<CaptureStatus> {
  const response = await t.inject({ method: 'GET', url: `/1/applications/${appId}/capture`, headers: labeller });
  if (response.statusCode !== 200) throw new Error(`GET …/capture answered ${response.statusCode}: ${response.body}`);
  return response.json<CaptureStatus>();
}

/** Asks for the status every 100 ms until `done` holds (then answers it), or fails after `timeoutMs`. */
export async function waitForCapture(appId: string, done: (status: CaptureStatus) => boolean, timeoutMs = 30_000): Promise<CaptureStatus> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const status = await captureStatusOf(appId);
    if (done(status)) return status;
    if (Date.now() > until) throw new Error(`The capture did not get there in time: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
