import { and, count, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import { applications, assertions, feedbackQueue } from '../db/schema';
import { insertMedia } from '../domain/media';
import { queueCounts } from '../feedback/scheduler';
import { storeMedia } from '../media/store-media';
import type { ServiceContext } from '../service-context';
import { associateMedia, drainProcessing } from '../processing/pipeline';
import { DEMO_TYPES, type DemoLabellableType } from '../types/registry';
import type { GeneratedScene } from '../vision/scenes';
import { deriveSeed } from '../vision/random';
import { createScenePool, type ScenePool } from './scene-pool';
import type { DemoApplicationSet } from './seed-applications';
import { DEMO_ACCOUNTS, type DemoIdentity } from './seed-identity';
import { unixNow } from '../db/unix-time';

/** Every demo application has this many feedback requests waiting once the demo is filled (DEMO_WAITING). */
const DEMO_WAITING = 60;
/** Right after the service listens, every demo application gets this many first, so that each can be tried at once. */
export const DEMO_FIRST_WAITING = 3;

const DEMO_SCENE_SEED = 20_240_611;
/**
 * A little less than the share of demo scenes that the baseline models find doubtful (about 40 %, see demoSceneSpec):
 * a round makes enough scenes for what is missing at this share.
 */
const EXPECTED_REQUEST_SHARE = 0.35;
/** At most this many scenes per application and round: every application gets some before any gets many. */
const MAX_SCENES_PER_ROUND = 12;
/** An application whose scenes made no request for this many rounds in a row is left alone for a while... */
const STALLED_ROUNDS = 3;
/** ...this long (seconds): a manager may have made its model sure of everything, or switched it off. */
const STALLED_PAUSE_SECONDS = 600;

export interface DemoFeederOptions {
  /** How many requests each application should have waiting. */
  waiting: number;
  /** Once filled, an application is topped up to `waiting` when fewer than this are waiting. */
  refillBelow: number;
  /** How often the running feeder looks at the queues (milliseconds). */
  pollMs: number;
  /** Where scenes are made; without one the feeder makes (and closes) its own. */
  pool?: ScenePool;
}

export const DEFAULT_FEEDER_OPTIONS = { waiting: DEMO_WAITING, refillBelow: Math.ceil(DEMO_WAITING * 0.8), pollMs: 2000 };

export interface FillResult {
  /** Scenes uploaded (each is processed by its application's model before fill resolves). */
  scenes: number;
  /** Requests waiting per application at the end. */
  waiting: Record<DemoLabellableType, number>;
}

/**
 * Keeps the demo applications' feedback queues from running dry: it uploads fresh synthetic scenes to an
 * application's camera subject, where its baseline model processes them like any capture, until the application has
 * `waiting` requests waiting. Scene n of an application is always the same image (it depends on the type and n).
 * Scenes are made on worker threads (scene-pool.ts); uploading and processing them stays on the service's thread.
 */
export interface DemoFeeder {
  /** Rounds of scenes until every application has `waiting` requests waiting (or the feeder stops). */
  fill(waiting: number): Promise<FillResult>;
  /** In the background: fills to `options.waiting`, then tops an application up whenever it falls below `refillBelow`. */
  start(): void;
  /** Resolves with the background's first fill, once every application had `options.waiting` waiting. */
  readonly filled: Promise<FillResult>;
  /** Looks at the queues now rather than at the next poll. */
  kick(): void;
  /** Stops after the scene in hand (a partial round is completed by a later fill); closes its own pool. */
  stop(): Promise<void>;
}

interface Plan {
  type: DemoLabellableType;
  scenes: number;
}

export function createDemoFeeder(
  ctx: ServiceContext,
  demo: { identity: DemoIdentity; applications: DemoApplicationSet },
  options: DemoFeederOptions = DEFAULT_FEEDER_OPTIONS,
): DemoFeeder {
  const pool = options.pool ?? createScenePool();
  const { identity, applications: set } = demo;
  const quietRounds = new Map<DemoLabellableType, number>();
  const pausedUntil = new Map<DemoLabellableType, number>();
  let stopped = false;
  let started = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let isFilled = false;
  let resolveFilled: (result: FillResult) => void = () => undefined;
  const filled = new Promise<FillResult>((resolve) => (resolveFilled = resolve));

  async function waitingCounts(): Promise<Record<DemoLabellableType, number>> {
    const waiting = {} as Record<DemoLabellableType, number>;
    for (const type of DEMO_TYPES) waiting[type] = (await queueCounts(ctx.db, set.applicationIds[type])).pending;
    return waiting;
  }

  /** How many scenes each application needs this round. */
  async function plan(target: number): Promise<Plan[]> {
    const plans: Plan[] = [];
    const now = unixNow();
    for (const type of DEMO_TYPES) {
      const appId = set.applicationIds[type];
      if ((pausedUntil.get(type) ?? 0) > now) continue;
      const [app] = await ctx.db.select({ active: applications.active }).from(applications).where(eq(applications.applicationId, appId));
      if (!app?.active) continue;
      const { pending } = await queueCounts(ctx.db, appId);
      // candidates that wait for the application's hourly budget become requests without more scenes
      const [unscheduled] = await ctx.db
        .select({ n: count() })
        .from(feedbackQueue)
        .where(and(eq(feedbackQueue.appId, appId), isNull(feedbackQueue.scheduledAt)));
      const missing = target - pending - (unscheduled?.n ?? 0);
      if (missing > 0) plans.push({ type, scenes: Math.min(MAX_SCENES_PER_ROUND, Math.ceil(missing / EXPECTED_REQUEST_SHARE)) });
    }
    return plans;
  }

  /** How many scenes the camera subject has had (the next scene's index). */
  async function capturedCount(type: DemoLabellableType): Promise<number> {
    const [row] = await ctx.db
      .select({ n: count() })
      .from(assertions)
      .where(and(eq(assertions.subjectUid, set.inputSubjectUids[type]), isNotNull(assertions.userId), isNull(assertions.appId)));
    return row?.n ?? 0;
  }

  async function upload(type: DemoLabellableType, index: number, scene: GeneratedScene): Promise<void> {
    const tenantId = identity.tenantIds.demoLab;
    const stored = await storeMedia(ctx.blobs, scene.image);
    const row = await insertMedia(ctx.db, {
      tenantId,
      uploadedBy: DEMO_ACCOUNTS.admin.email,
      stored,
      metaTags: ['demo', type, scene.truth.difficulty],
      details: { filename: `${type}-${String(index + 1).padStart(4, '0')}.${scene.format === 'jpeg' ? 'jpg' : 'png'}` },
    });
    await associateMedia(ctx, { tenantId, mediaId: row.mediaId, subjectUid: set.inputSubjectUids[type], userId: identity.userIds.admin });
  }

  /** Notes which applications' scenes made no request this round, and pauses those that keep making none. */
  async function noteProgress(plans: readonly Plan[], since: number): Promise<void> {
    for (const { type } of plans) {
      const [made] = await ctx.db
        .select({ n: count() })
        .from(feedbackQueue)
        .where(and(eq(feedbackQueue.appId, set.applicationIds[type]), gte(feedbackQueue.createdAt, since)));
      const quiet = (made?.n ?? 0) > 0 ? 0 : (quietRounds.get(type) ?? 0) + 1;
      quietRounds.set(type, quiet);
      if (quiet >= STALLED_ROUNDS) {
        ctx.log.warn({ type }, 'The demo application makes no feedback requests from fresh scenes; it is left alone for a while.');
        pausedUntil.set(type, unixNow() + STALLED_PAUSE_SECONDS);
        quietRounds.set(type, 0);
      }
    }
  }

  /** One round: the scenes each application needs, interleaved, made ahead on the pool, uploaded and processed. */
  async function round(target: number): Promise<number> {
    const plans = await plan(target);
    if (plans.length === 0 || stopped) return 0;
    const since = unixNow();
    const next = new Map<DemoLabellableType, number>();
    for (const { type } of plans) next.set(type, await capturedCount(type));
    // one scene of each application per step, all of them asked of the pool at once so that it works ahead
    const steps = Array.from({ length: Math.max(...plans.map((p) => p.scenes)) }, (_, step) =>
      plans
        .filter(({ scenes }) => step < scenes)
        .map(({ type }) => {
          const index = next.get(type)! + step;
          const scene = pool.generate({ type, seed: deriveSeed(DEMO_SCENE_SEED, DEMO_TYPES.indexOf(type)), index });
          scene.catch(() => undefined); // not awaited when the feeder stops
          return { type, index, scene };
        }),
    );
    let uploaded = 0;
    for (const step of steps) {
      for (const { type, index, scene } of step) {
        if (stopped) return uploaded;
        await upload(type, index, await scene);
        uploaded += 1;
      }
      // the models keep up step by step, so that stopping never waits for a long backlog
      await drainProcessing(ctx);
    }
    await noteProgress(plans, since);
    return uploaded;
  }

  async function fill(target: number): Promise<FillResult> {
    let scenes = 0;
    while (!stopped) {
      const uploaded = await round(target);
      if (uploaded === 0) break;
      scenes += uploaded;
    }
    return { scenes, waiting: await waitingCounts() };
  }

  /** The background's one pass: the first fill, or a top-up of the applications that fell below `refillBelow`. */
  async function pass(): Promise<void> {
    const first = !isFilled;
    if (!first) {
      const waiting = await waitingCounts();
      if (Object.values(waiting).every((n) => n >= options.refillBelow)) return;
    }
    const result = await fill(options.waiting);
    if (first && !stopped) {
      isFilled = true;
      resolveFilled(result);
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      running = running.then(pass).catch((error: unknown) => ctx.log.error({ err: error }, 'Feeding the demo applications failed.'));
      void running.then(() => schedule(options.pollMs));
    }, delay);
  }

  return {
    fill: (target) => {
      const result = running.then(() => fill(target));
      running = result.catch(() => undefined);
      return result;
    },
    start() {
      if (started || stopped) return;
      started = true;
      schedule(0);
    },
    filled,
    kick() {
      if (started && timer) schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      if (!options.pool) await pool.close();
    },
  };
}
