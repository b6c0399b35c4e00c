import type { Focus } from '../../src/api/types';
import type { Database } from '../db';

/** Run an application's model on a media item (and focus). */
interface ProcessMediaJob {
  appId: string;
  mediaId: string;
  focus: Focus | null;
  /** The applications upstream of this one for this media, so that a cycle of applications ends. */
  chain: string[];
  /** A manager queued the item for labelling: it is queued whatever the model thinks of it. */
  forFeedback?: true;
}

/** Release a new model of the application (the automatic release after enough answers). */
interface ReleaseModelJob {
  tenantId: string;
  applicationId: string;
  /** A manager's "Release anyway": release the candidate even if the release rule keeps it back. */
  force?: boolean;
}

/** Prepare a label export whose row (state `preparing`) the request wrote. */
interface ExportJob {
  exportId: string;
}

/** Read and record a label import whose row (state `running`) and files the request stored. */
interface ImportJob {
  importId: string;
}

/** One capture of a capture application (a camera's frame, a feed's poll), which sends the next one. */
interface CaptureJob {
  /** The application's tenant, whose captures share a bounded part of the workers (TENANT_LANES). */
  tenantId: string;
  applicationId: string;
  /** The capture loop it belongs to: a change of the application starts a new loop, and a job of an older one ends. */
  generation: number;
}

/** Ask an application's model server for its predictions of a media item (and focus), and record them. */
interface ModelPredictJob {
  tenantId: string;
  applicationId: string;
  mediaId: string;
  focus: Focus | null;
  chain: string[];
}

/** Check an application's model server (/health, then /setup), or deliver the protocol's webhook events waiting for it. */
interface ModelServerJob {
  tenantId: string;
  applicationId: string;
}

interface JobPayloads {
  'process-media': ProcessMediaJob;
  'release-model': ReleaseModelJob;
  export: ExportJob;
  import: ImportJob;
  capture: CaptureJob;
  'model-predict': ModelPredictJob;
  'model-check': ModelServerJob;
  'model-webhook': ModelServerJob;
}

export type JobName = keyof JobPayloads;
export const JOB_NAMES = ['process-media', 'release-model', 'export', 'import', 'capture', 'model-predict', 'model-check', 'model-webhook'] as const satisfies readonly JobName[];

/** How many jobs of a kind one worker process runs at once, and at most how many of one tenant's across all workers. */
interface TenantLane {
  concurrency: number;
  perTenant: number;
}

/**
 * Every kind of job runs in a lane of its own (a queue, and workers for it), so one kind never waits behind another:
 * the embedded runner runs one job of each kind at a time, a pg-boss worker two. The kinds here, whose jobs carry their
 * `tenantId`, take more at once, but one tenant only `perTenant` of them: a tenant's slow cameras and feeds hold up
 * neither the processing of uploads nor another tenant's captures.
 */
export const TENANT_LANES: Partial<Record<JobName, TenantLane>> = {
  capture: { concurrency: 4, perTenant: 2 },
  // a model server answers within its timeout (at most 120 s): a slow one holds up no other kind, nor other tenants
  'model-predict': { concurrency: 4, perTenant: 2 },
  'model-webhook': { concurrency: 2, perTenant: 1 },
}

/** One run of a job: `id` is the same on every retry, so work can be recorded as done once (`markJobFinished`). */
export interface Job<N extends JobName = JobName> {
  id: string;
  data: JobPayloads[N];
}

export type JobHandlers = { [N in JobName]: (job: Job<N>) => Promise<void> };

/** Work that recurs: every worker runs it on its own timer, or, on pg-boss, once per interval across all workers. */
export interface PeriodicJob {
  name: string;
  intervalSeconds: number;
  run(): Promise<unknown>;
  /** Stops what `run` left in flight (the callback posts), once the timer has stopped. */
  stop?(): Promise<void>;
}

interface UnfinishedJobs {
  count: number;
  /** Unix seconds; null when there are none. */
  oldestAt: number | null;
}

interface SendOptions {
  /** While a job with this key waits to run, sending another does nothing. */
  singletonKey?: string;
  /** The job is due this many seconds after it was sent (at once when absent). */
  startAfterSeconds?: number;
}

/**
 * The service's background work. Jobs are queued in the caller's transaction, so they exist exactly when the
 * change that asked for them committed; a job whose worker dies is run again.
 */
export interface JobQueue {
  send<N extends JobName>(tx: Database, name: N, data: JobPayloads[N], options?: SendOptions): Promise<void>;
  /** How many jobs of this name whose data has `field` equal to `value` wait or run, and when the oldest was sent. */
  unfinished<N extends JobName>(name: N, field: keyof JobPayloads[N] & string, value: string): Promise<UnfinishedJobs>;
  /** Whether a job of this name and singleton key waits or runs. */
  isPending(name: JobName, singletonKey: string): Promise<boolean>;
  /** After the sending transaction committed: lets a runner in this process look for work now. */
  kick(): void;
  /** Resolves once no job is waiting or running (for tests, scripts and the demo feeder). */
  drain(): Promise<void>;
  /** Prepares the queue and, where this process runs background work, starts the handlers and periodic jobs. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for those in hand. */
  stop(): Promise<void>;
}
