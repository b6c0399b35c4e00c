import type { ClientEnvironment, InputDevice } from './client-data';
import { answerMeta, browserEnvironment } from './client-data';

const APP_NAME = 'Looplabel';
const APP_VERSION = '0.1.0';

let environment: ClientEnvironment | undefined;

/** The page's client environment, made once per page load with a fresh session id. */
function clientEnvironment(): ClientEnvironment {
  environment ??= browserEnvironment(APP_NAME, APP_VERSION, crypto.randomUUID());
  return environment;
}

/** decision_time and client_data for an answer given now to an item shown at `shownAtMs`. */
export const answerContext = (inputDevice: InputDevice, shownAtMs: number) =>
  answerMeta(clientEnvironment(), inputDevice, shownAtMs, Date.now());
