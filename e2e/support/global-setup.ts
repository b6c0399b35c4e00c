import { rmSync } from 'node:fs';
import { listApplications } from '../../src/api/endpoints/applications';
import { getPendingCount } from '../../src/api/endpoints/feedback';
import { getToken } from '../../src/api/endpoints/identity';
import { createApiClient } from '../../src/api/client';
import { isInspectionLine } from './demo-apps';
import { E2E_DEMO_WAITING, startService, TEMPLATE_DIR_VARIABLE, type RunningService } from './service';
const FILL_TIMEOUT_MS = 420_000;

/**
 * The service listens, then processes the demo photographs and fills the inspection line's queues in the background
 * (docs/service.md). The template must hold the full queues, as the tests label many items in the same
 * applications, so this waits until the labeller sees E2E_DEMO_WAITING waiting in every inspection-line application
 * (the photo applications have what the photographs gave them by then: they are processed first).
 */
export async function waitForDemoQueues(service: RunningService): Promise<void> {
  const token = await getToken(createApiClient({ baseUrl: service.url }), { email: 'labeller@demo.test', password: 'looplabel-demo' });
  const client = createApiClient({ baseUrl: service.url, getToken: () => token.access_token });
  const data = (await listApplications(client)).data.filter(isInspectionLine);
  const deadline = Date.now() + FILL_TIMEOUT_MS;
  for (;;) {
    const counts = await Promise.all(data.map(async (app) => [app.type, (await getPendingCount(client, app.application_id)).pending] as const));
    if (counts.every(([, pending]) => pending >= E2E_DEMO_WAITING)) return;
    if (Date.now() > deadline) throw new Error(`The demo queues were not filled within ${FILL_TIMEOUT_MS / 1000} s: ${JSON.stringify(counts)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Makes the demo data once, in a stopped service's data directory that every worker's service starts from. */
export default async function globalSetup() {
  delete process.env[TEMPLATE_DIR_VARIABLE];
  const service = await startService();
  try {
    await waitForDemoQueues(service);
  } catch (error) {
    await service.dispose();
    throw error;
  }
  await service.stop();
  process.env[TEMPLATE_DIR_VARIABLE] = service.dataDir;
  return () => rmSync(service.dataDir, { recursive: true, force: true });
}
