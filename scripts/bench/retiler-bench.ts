// `npx tsx scripts/bench/retiler-bench.ts`: the retiler's cut of the 12,000 × 9,000 mosaic of the demo photographs into
// 4,096-pixel sub-plans, in this process: time, and the memory it took beyond what the process held before (RSS, and
// the anonymous part of it, which leaves out the scratch file libvips maps). Figures are in docs/performance.md.
import { readFileSync } from 'node:fs';
import { retilerSettings } from '../../src/api/application-types/retiler';
import { buildPlanMosaic, LARGE_PLAN } from '../../server/testing/plan-mosaic';
import { cutPlan } from '../../server/types/retiler/cut-plan';
import { planGrid } from '../../server/types/retiler/plan-grid';

const anonymousBytes = () => Number(/RssAnon:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
const megabytes = (bytes: number) => Math.round(bytes / 1e6);

const plan = await buildPlanMosaic(LARGE_PLAN);
const settings = retilerSettings.parse({ max_width: 4096, max_height: 4096 });
const cells = planGrid(12_000, 9000, settings);
const before = { rss: process.memoryUsage().rss, anonymous: anonymousBytes() };
const peak = { ...before };
const sampler = setInterval(() => {
  peak.rss = Math.max(peak.rss, process.memoryUsage().rss);
  peak.anonymous = Math.max(peak.anonymous, anonymousBytes());
}, 10);
const started = performance.now();
const parts = await cutPlan(plan, cells.map((cell) => cell.box));
const milliseconds = Math.round(performance.now() - started);
clearInterval(sampler);
console.log(
  JSON.stringify({
    plan: '12000x9000 JPEG',
    plan_megabytes: megabytes(plan.length),
    sub_plans: parts.length,
    cut_ms: milliseconds,
    rss_growth_mb: megabytes(peak.rss - before.rss),
    anonymous_growth_mb: megabytes(peak.anonymous - before.anonymous),
  }),
);
