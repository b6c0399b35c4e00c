import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { EXPORT_FORMATS, type ExportFormat } from '../../src/api/schemas/exports';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/demo/seed-identity';
import { insertMediaRows } from '../../server/testing/perf-fixtures';
import { runExport } from '../export/run-export';
import { createBenchApplication } from './bulk-data';
import type { FreshService } from './fresh-service';
import { summarize, timed, type LatencySummary } from './stats';

export interface ExportBenchOptions {
  /** Answered media items of a box detection application. */
  items: number;
  boxesPerItem: number;
  /** Timed exports per format (without images), after one untimed. */
  runs: number;
}

export const EXPORT_BENCH: ExportBenchOptions = { items: 10_000, boxesPerItem: 3, runs: 3 };

export interface ExportBenchResult {
  items: number;
  boxes: number;
  /** Start to file saved, as `npm run export` does it: start, progress polls, download. */
  by_format: Record<ExportFormat, { run: LatencySummary; megabytes: number }>;
}

/** Each item gets one labeller's answer on the first output subject with `boxesPerItem` boxes, in one statement. */
async function insertBoxAnswers(service: FreshService, appId: string, subjectUid: string, options: ExportBenchOptions): Promise<void> {
  const { db, blobs } = service.app;
  const tenantId = service.identity.tenantIds.demoLab;
  const prefix = 'med_benchexp_';
  await insertMediaRows(db, blobs, tenantId, prefix, options.items);
  await db.execute(sql`
    INSERT INTO assertions (detection_id, tenant_id, media_id, subject_uid, user_id, app_id, app_data_type, app_data,
                            probability, uncal_prob, created_at, decision_time)
    SELECT 'det_benchexp_' || i, ${tenantId}, ${prefix} || i, ${subjectUid}, ${service.identity.userIds.labeller}, ${appId}, 'box_set',
           (SELECT jsonb_agg(jsonb_build_object('box', jsonb_build_object('x0', 10 + b * 60, 'y0', 10 + b * 40, 'x1', 60 + b * 60, 'y1', 50 + b * 40)))
            FROM generate_series(0, ${options.boxesPerItem - 1}::int) AS b),
           1, 1, 1700000000 + i, 1700000000 + i
    FROM generate_series(1, ${options.items}::int) AS i`);
  await db.execute(sql`ANALYZE`);
}

/** Exports a box detection application of `items` answered items in each format, without images, as the CLI does. */
export async function benchExport(service: FreshService, options: ExportBenchOptions = EXPORT_BENCH): Promise<ExportBenchResult> {
  const tenantId = service.identity.tenantIds.demoLab;
  const app = await createBenchApplication(service.app.db, tenantId, 'box_detection', 2, DEMO_ACCOUNTS.admin.email);
  await insertBoxAnswers(service, app.applicationId, app.outputSubjectUids[0]!, options);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'looplabel-bench-export-'));
  try {
    const byFormat = {} as ExportBenchResult['by_format'];
    for (const format of EXPORT_FORMATS) {
      const exportOnce = () =>
        runExport({
          baseUrl: service.baseUrl,
          credentials: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD },
          tenant: tenantId,
          applicationId: app.applicationId,
          format,
          includeImages: false,
          output: folder,
          progressOutput: { write: () => true },
          pollMilliseconds: 20,
        });
      await exportOnce();
      const samples: number[] = [];
      let file = '';
      for (let run = 0; run < options.runs; run += 1) file = (await timed(samples, exportOnce)).path;
      byFormat[format] = { run: summarize(samples), megabytes: Math.round(((await stat(file)).size / 1_048_576) * 10) / 10 };
    }
    return { items: options.items, boxes: options.items * options.boxesPerItem, by_format: byFormat };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
