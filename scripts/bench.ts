// `npm run bench`: the service's and the labelling workspace's benchmarks, each against a fresh local service on
// loopback that is stopped afterwards, and the restart under load (`npm start` killed and started again). Figures
// are recorded in docs/performance.md.
import { benchRestart, formatRestartResult } from './bench/restart';
import { runServiceBenchmarks } from './bench/service';
import { benchmarkWorkspace } from './bench/ui';

await runServiceBenchmarks();
await benchmarkWorkspace();
process.stderr.write('restart benchmark: npm start killed and started again, with nobody working and while 8 labellers answer\n');
console.log(formatRestartResult(await benchRestart()));
