import { sql } from 'drizzle-orm';
import { getLabellerTimeline, getLabellers } from '../../src/api/endpoints/labellers';
import { DEMO_ACCOUNTS } from '../../server/demo/seed-identity';
import { insertMediaRows } from '../../server/testing/perf-fixtures';
import { createBenchApplication } from './bulk-data';
import type { FreshService } from './fresh-service';
import { summarize, timed, type LatencySummary } from './stats';

export interface LabellerAnalyticsBenchOptions {
  labellers: number;
  /** Answers in all: each item is answered by two labellers, and its consensus stored as agreed. */
  answers: number;
  /** Scored gold answers, spread over the labellers. */
  goldAnswers: number;
  runs: number;
}

export const LABELLER_ANALYTICS_BENCH: LabellerAnalyticsBenchOptions = { labellers: 20, answers: 100_000, goldAnswers: 2_000, runs: 10 };

export interface LabellerAnalyticsBenchResult {
  labellers: number;
  answers: number;
  gold_answers: number;
  figures: LatencySummary;
  timeline: LatencySummary;
}

/**
 * A classification application with `answers` answers over the last 30 days by `labellers` people, two per item, each
 * item's agreement stored, and `goldAnswers` scored gold answers; then the analytics a manager opens, timed: every
 * labeller's figures over all time, and the daily timeline of the last 30 days.
 */
export async function benchLabellerAnalytics(service: FreshService, options: LabellerAnalyticsBenchOptions = LABELLER_ANALYTICS_BENCH): Promise<LabellerAnalyticsBenchResult> {
  const { db, blobs } = service.app;
  const tenantId = service.identity.tenantIds.demoLab;
  const app = await createBenchApplication(db, tenantId, 'classification', 2, DEMO_ACCOUNTS.admin.email);
  const [red] = app.outputSubjectUids;
  const items = Math.ceil(options.answers / 2);
  const prefix = 'med_benchlab_';
  await insertMediaRows(db, blobs, tenantId, prefix, items);
  const start = Date.now() / 1000 - 30 * 86_400;
  const t0 = sql`${start}::double precision`;
  const spacing = sql`(30 * 86400.0 / ${items}::int)`;
  // item i is answered by labellers i mod L and (i + 1) mod L, 20 to 40 seconds apart over the 30 days
  const answerTime = sql`${t0} + i * ${spacing} + s.n * 7`;
  await db.execute(sql`
    INSERT INTO assertions (detection_id, tenant_id, media_id, subject_uid, user_id, app_id, probability, uncal_prob, created_at, decision_time)
    SELECT 'det_benchlab_' || i || '_' || s.n, ${tenantId}, ${prefix} || i, ${red}, 'usr_benchlab_' || ((i + s.n) % ${options.labellers}),
           ${app.applicationId}, 1, 1, ${answerTime}, ${answerTime}
    FROM generate_series(1, ${items}::int) AS i CROSS JOIN generate_series(0, 1) AS s(n)`);
  const answer = sql`jsonb_build_array(jsonb_build_object('subject_uid', ${red}::text, 'result', 'True'))`;
  await db.execute(sql`
    INSERT INTO consensus_items (consensus_id, tenant_id, app_id, media_id, focus_key, status, answers, subjects, created_at, decided_at)
    SELECT 'cns_benchlab_' || i, ${tenantId}, ${app.applicationId}, ${prefix} || i, '', 'agreed',
           jsonb_build_array(
             jsonb_build_object('user_id', 'usr_benchlab_' || (i % ${options.labellers}), 'subjects', ${answer}, 'decision_time', ${t0} + i),
             jsonb_build_object('user_id', 'usr_benchlab_' || ((i + 1) % ${options.labellers}), 'subjects', ${answer}, 'decision_time', ${t0} + i)),
           ${answer}, ${t0} + i * ${spacing} + 10, ${t0} + i * ${spacing} + 10
    FROM generate_series(1, ${items}::int) AS i`);
  const goldItems = Math.min(items, Math.ceil(options.goldAnswers / options.labellers));
  await db.execute(sql`
    INSERT INTO gold_items (app_id, media_id, focus_key, subjects, proposals, source, created_at)
    SELECT ${app.applicationId}, ${prefix} || i, '', ${answer}, '[]'::jsonb, 'marked', ${start}
    FROM generate_series(1, ${goldItems}::int) AS i`);
  await db.execute(sql`
    INSERT INTO gold_answers (app_id, media_id, focus_key, user_id, served_at, answered_at, decision_time, subjects, score)
    SELECT ${app.applicationId}, ${prefix} || g, '', 'usr_benchlab_' || u, ${t0} + g * 60 + u, ${t0} + g * 60 + u + 9, ${t0} + g * 60 + u + 9,
           ${answer}, CASE WHEN (g + u) % 10 = 0 THEN 0 ELSE 1 END
    FROM generate_series(1, ${goldItems}::int) AS g CROSS JOIN generate_series(0, ${options.labellers - 1}::int) AS u
    LIMIT ${options.goldAnswers}`);
  await service.app.maintainDatabase();

  const client = await service.signIn('admin');
  const scope = { appId: app.applicationId };
  const figures: number[] = [];
  const timeline: number[] = [];
  await getLabellers(client, scope, {});
  for (let run = 0; run < options.runs; run += 1) {
    await timed(figures, () => getLabellers(client, scope, {}));
    await timed(timeline, () => getLabellerTimeline(client, scope, { start: Math.floor(start) }, 'day'));
  }
  return { labellers: options.labellers, answers: options.answers, gold_answers: options.goldAnswers, figures: summarize(figures), timeline: summarize(timeline) };
}
