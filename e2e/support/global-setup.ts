import { rmSync } from 'node:fs';
import { startService, TEMPLATE_DIR_VARIABLE, waitForDemoQueues } from './service';

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
