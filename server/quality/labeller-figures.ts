import { MIN_ANSWERS_TO_FLAG, type FlagReason, type Labeller, type LabellerFigures, type TimelinePoint } from '../../src/api/schemas/labellers';
import type { Database } from '../db';
import type { ConsensusApplication } from '../domain/consensus';
import { peopleById } from '../domain/reviews';
import { answerTimes } from './answer-times';
import { consensusTallies, goldTallies, skipTallies, type ConsensusTally, type GoldTally } from './tallies';
import type { FigureWindow } from './window';

/** What the analytics need of an application: its answer rule (agreement) and its flag threshold. */
export type QualityApplication = ConsensusApplication & { qualityFlagBelow: number };

const EMPTY: LabellerFigures = {
  answers: 0,
  skips: 0,
  active_seconds: 0,
  answers_per_hour: null,
  median_decision_time: null,
  p90_decision_time: null,
  decided_items: 0,
  agreement: null,
  corrected_in_review: 0,
  gold_answers: 0,
  gold_accuracy: null,
};

const share = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

const keyOf = (userId: string, period: number) => `${userId}\u0000${period}`;

interface Figured {
  figures: Map<string, LabellerFigures & { user_id: string; period: number }>;
  gold: GoldTally[];
  consensus: ConsensusTally[];
}

/** Every figure of every labeller per period of the window, and the per-application tallies the flags rest on. */
async function figureAll(db: Database, apps: readonly QualityApplication[], window: FigureWindow): Promise<Figured> {
  const appIds = apps.map((app) => app.applicationId);
  const [times, skips, gold, consensus] = await Promise.all([
    answerTimes(db, appIds, window),
    skipTallies(db, appIds, window),
    goldTallies(db, appIds, window),
    consensusTallies(db, apps, window),
  ]);
  const figures: Figured['figures'] = new Map();
  const entry = (userId: string, period: number) => {
    const key = keyOf(userId, period);
    const found = figures.get(key) ?? { ...EMPTY, user_id: userId, period };
    figures.set(key, found);
    return found;
  };
  for (const row of times) {
    Object.assign(entry(row.user_id, row.period), {
      answers: row.answers,
      active_seconds: row.active_seconds,
      answers_per_hour: row.active_seconds > 0 ? (row.timed * 3600) / row.active_seconds : null,
      median_decision_time: row.median,
      p90_decision_time: row.p90,
    });
  }
  for (const row of skips) entry(row.user_id, row.period).skips += row.count;
  const goldSums = new Map<string, number>();
  for (const row of gold) {
    const figure = entry(row.user_id, row.period);
    figure.gold_answers += row.count;
    goldSums.set(keyOf(row.user_id, row.period), (goldSums.get(keyOf(row.user_id, row.period)) ?? 0) + row.score_sum);
  }
  const agreed = new Map<string, number>();
  for (const row of consensus) {
    const figure = entry(row.user_id, row.period);
    figure.decided_items += row.decided;
    figure.corrected_in_review += row.corrected;
    agreed.set(keyOf(row.user_id, row.period), (agreed.get(keyOf(row.user_id, row.period)) ?? 0) + row.agreed);
  }
  for (const [key, figure] of figures) {
    figure.gold_accuracy = share(goldSums.get(key) ?? 0, figure.gold_answers);
    figure.agreement = share(agreed.get(key) ?? 0, figure.decided_items);
  }
  return { figures, gold, consensus };
}

/**
 * Why each labeller is flagged: in any application, their gold accuracy or their agreement with decided answers
 * fell under its threshold, over at least MIN_ANSWERS_TO_FLAG gold answers or decided items.
 */
function flagsOf(apps: readonly QualityApplication[], gold: readonly GoldTally[], consensus: readonly ConsensusTally[]) {
  const thresholds = new Map(apps.map((app) => [app.applicationId, app.qualityFlagBelow]));
  const perApp = new Map<string, { gold: number; score: number; decided: number; agreed: number; userId: string; appId: string }>();
  const at = (userId: string, appId: string) => {
    const key = `${userId}\u0000${appId}`;
    const found = perApp.get(key) ?? { gold: 0, score: 0, decided: 0, agreed: 0, userId, appId };
    perApp.set(key, found);
    return found;
  };
  for (const row of gold) {
    const tally = at(row.user_id, row.app_id);
    tally.gold += row.count;
    tally.score += row.score_sum;
  }
  for (const row of consensus) {
    const tally = at(row.user_id, row.app_id);
    tally.decided += row.decided;
    tally.agreed += row.agreed;
  }
  const flags = new Map<string, Set<FlagReason>>();
  for (const tally of perApp.values()) {
    const below = thresholds.get(tally.appId)!;
    const reasons = flags.get(tally.userId) ?? new Set<FlagReason>();
    if (tally.gold >= MIN_ANSWERS_TO_FLAG && tally.score / tally.gold < below) reasons.add('gold_accuracy');
    if (tally.decided >= MIN_ANSWERS_TO_FLAG && tally.agreed / tally.decided < below) reasons.add('agreement');
    flags.set(tally.userId, reasons);
  }
  return flags;
}

/** Each labeller's figures over the window in these applications, flagged ones first, then by answers. */
export async function labellerFigures(db: Database, apps: readonly QualityApplication[], window: Omit<FigureWindow, 'bucketSeconds'>): Promise<Labeller[]> {
  const { figures, gold, consensus } = await figureAll(db, apps, { ...window, bucketSeconds: 0 });
  const flags = flagsOf(apps, gold, consensus);
  const people = await peopleById(db, [...figures.values()].map((figure) => figure.user_id));
  return [...figures.values()]
    .map(({ period: _total, ...figure }) => {
      const reasons = [...(flags.get(figure.user_id) ?? [])].sort();
      const person = people.get(figure.user_id);
      return { ...figure, email: person?.email ?? null, name: person?.name ?? null, flagged: reasons.length > 0, flags: reasons };
    })
    .sort((a, b) => Number(b.flagged) - Number(a.flagged) || b.answers - a.answers || (a.email ?? '').localeCompare(b.email ?? ''));
}

/** Each labeller's figures per period of the window, oldest period first. */
export async function labellerTimeline(db: Database, apps: readonly QualityApplication[], window: FigureWindow): Promise<TimelinePoint[]> {
  const { figures } = await figureAll(db, apps, window);
  return [...figures.values()]
    .map(({ period, ...figure }) => ({ ...figure, period_start: period }))
    .sort((a, b) => a.period_start - b.period_start || a.user_id.localeCompare(b.user_id));
}
