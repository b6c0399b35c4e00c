// `npm run bench`: the service's and the labelling workspace's benchmarks, each against a fresh local service on
// loopback that is stopped afterwards. Figures are recorded in docs/performance.md.
import { runServiceBenchmarks } from './bench/service';
import { benchmarkWorkspace } from './bench/ui';

await runServiceBenchmarks();
await benchmarkWorkspace();
