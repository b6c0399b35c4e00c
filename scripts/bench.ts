// `npm run bench`: the service's and the labelling workspace's benchmarks, each against a fresh local service on
// loopback that it stops afterwards. Figures are recorded in docs/performance.md. Build the app first (`npm run build`).
import { startService } from '../e2e/support/service';
import { runServiceBenchmarks } from './bench/service';
import { printUiBenchmarks, runUiBenchmarks } from './bench/ui';

await runServiceBenchmarks();

const service = await startService();
try {
  printUiBenchmarks(await runUiBenchmarks(service.url));
} finally {
  await service.dispose();
}
