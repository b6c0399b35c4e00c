import { benchDetections, DETECTIONS_BENCH, type DetectionsBenchOptions } from './detections-bench';
import { benchExport, EXPORT_BENCH, type ExportBenchOptions } from './export-bench';
import { benchFeedback, FEEDBACK_BENCH, FEEDBACK_SATURATION_BENCH, type FeedbackBenchOptions, type FeedbackBenchResult } from './feedback-bench';
import { startFreshService } from './fresh-service';
import { benchLabellerAnalytics, LABELLER_ANALYTICS_BENCH, type LabellerAnalyticsBenchOptions } from './labeller-analytics-bench';
import type { LatencySummary } from './stats';
import { formatTable } from './table';
import { benchUpload, UPLOAD_BENCH, type UploadBenchOptions } from './upload-bench';

const TARGET_P95_MS = { feedback: 10, detections_page: 25 } as const;

export interface ServiceBenchOptions {
  feedback?: FeedbackBenchOptions;
  feedbackSaturation?: FeedbackBenchOptions;
  detections?: DetectionsBenchOptions;
  upload?: UploadBenchOptions;
  export?: ExportBenchOptions;
  labellerAnalytics?: LabellerAnalyticsBenchOptions;
  /** Where the table goes; stdout by default. */
  print?: (text: string) => void;
  /** Where each stage is announced as it starts; stderr by default. */
  note?: (text: string) => void;
}

function latencyRow(label: string, summary: LatencySummary, targetP95: number | null): (string | number)[] {
  const target = targetP95 === null ? ['time only', ''] : [`p95 <= ${targetP95} ms`, summary.p95_ms <= targetP95 ? 'met' : 'MISSED'];
  return [label, summary.n, summary.p50_ms, summary.p95_ms, ...target];
}

/**
 * The service benchmarks, each against one fresh service on loopback that is stopped afterwards: feedback pull and
 * post by concurrent labellers, detections pages at 100,000 assertions, uploads of 4000×3000 JPEGs, label exports
 * of 10,000 answered items, and the labeller analytics of 100,000 answers.
 */
export async function runServiceBenchmarks(options: ServiceBenchOptions = {}): Promise<Record<string, unknown>> {
  const print = options.print ?? ((text: string) => process.stdout.write(`${text}\n`));
  const note = options.note ?? ((text: string) => process.stderr.write(`${text}\n`));
  note('service benchmarks: starting a fresh service');
  const service = await startFreshService();
  try {
    note('service benchmarks: feedback pull and post');
    const feedback = await benchFeedback(service, options.feedback ?? FEEDBACK_BENCH);
    const saturated = await benchFeedback(service, options.feedbackSaturation ?? FEEDBACK_SATURATION_BENCH);
    note('service benchmarks: detections pages');
    const detections = await benchDetections(service, options.detections ?? DETECTIONS_BENCH);
    note('service benchmarks: large uploads');
    const upload = await benchUpload(service, options.upload ?? UPLOAD_BENCH);
    note('service benchmarks: label exports');
    const exported = await benchExport(service, options.export ?? EXPORT_BENCH);
    note('service benchmarks: labeller analytics');
    const analytics = await benchLabellerAnalytics(service, options.labellerAnalytics ?? LABELLER_ANALYTICS_BENCH);

    const feedbackRows = (run: FeedbackBenchResult, who: string, target: number | null) => [
      latencyRow(`feedback pull (${who}): round trip`, run.pull, target),
      latencyRow(`feedback pull (${who}): in the service`, run.service.pull, target),
      latencyRow(`feedback post (${who}): round trip`, run.post, target),
      latencyRow(`feedback post (${who}): in the service`, run.service.post, target),
    ];
    const rows = [
      ...feedbackRows(feedback, `${feedback.labellers} labellers`, TARGET_P95_MS.feedback),
      ...feedbackRows(saturated, `${saturated.labellers}, no think time`, null),
      latencyRow(`detections page of ${detections.page_size} (${detections.assertions} assertions)`, detections.page, TARGET_P95_MS.detections_page),
      latencyRow(`upload ${upload.width}x${upload.height} JPEG with resizes`, upload.upload, null),
      ...Object.entries(exported.by_format).map(([format, { run, megabytes }]) =>
        latencyRow(`export ${format} of ${exported.items} items, ${exported.boxes} boxes (${megabytes} MB)`, run, null),
      ),
      latencyRow(`labeller figures (${analytics.answers} answers, ${analytics.labellers} labellers)`, analytics.figures, null),
      latencyRow(`labeller timeline, 30 days (${analytics.answers} answers)`, analytics.timeline, null),
    ];
    print(formatTable(['service benchmark', 'n', 'p50 ms', 'p95 ms', 'target', ''], rows));
    return { feedback, feedback_saturated: saturated, detections, upload, export: exported, labeller_analytics: analytics, targets_p95_ms: TARGET_P95_MS };
  } finally {
    await service.close();
  }
}
