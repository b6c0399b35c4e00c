import { eq } from 'drizzle-orm';
import { applications } from '../../db/schema';
import { unseal } from '../../db/sealed-text';
import { unixNow } from '../../db/unix-time';
import type { ApplicationRow } from '../../domain/applications';
import {
  isItemCaptured,
  nextDelaySeconds,
  readCaptureState,
  recordCaptureOutcome,
  recordCaptureStopped,
  type CaptureStateRow,
} from '../../domain/capture-state';
import { DomainError } from '../../errors';
import { markJobFinished } from '../../jobs/finished';
import { redactedError, redactSecrets } from '../../net/redact';
import type { Job } from '../../jobs/queue';
import type { ServiceContext } from '../../service-context';
import type { CaptureModule, CaptureRun } from '../../types/capture-module';
import { captureModule } from '../../types/registry';
import { captureLoopKey } from './capture-loop';
import { storeCapturedImage } from './store-captured';

/** What every capture is given by the service: the address rules, its User-Agent, and its closing. */
export type CaptureDeps = Pick<CaptureRun, 'addresses' | 'userAgent'> & { stopping: AbortSignal };

/** How often an application whose settings are incomplete (made without them) looks at them again. */
const UNSET_INTERVAL_SECONDS = 60;

/** Settings that break the type's rule (stored before it, or never given): what to set, in words. */
function incompleteSettings(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const [issue] = error.issues;
  return `The settings are incomplete: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'they break the rule of the type'} Set them on the settings page.`;
}

/**
 * A capture may take this share of its interval (and never longer than its type's deadline): a loop leaves its worker
 * free part of every interval, and a slow camera fails and backs off rather than take a worker all the time.
 */
const SHARE_OF_INTERVAL = 0.8;

const deadlineSecondsOf = (module: CaptureModule, intervalSeconds: number) => Math.min(module.deadlineSeconds, intervalSeconds * SHARE_OF_INTERVAL);

/** A failure as the application page shows it: one sentence. */
function failureText(error: unknown, deadline: AbortSignal, deadlineSeconds: number): string {
  if (deadline.aborted) return `The capture took longer than ${Number(deadlineSeconds.toFixed(1))} s (${SHARE_OF_INTERVAL * 100} % of its interval at most) and was stopped.`;
  if (error instanceof DomainError) return `An image was refused: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

function secretOf(ctx: ServiceContext, state: CaptureStateRow): string | null {
  if (!state.sealedPassword) return null;
  try {
    return unseal(ctx.sealingKey, state.sealedPassword);
  } catch {
    throw new Error("The camera's password cannot be read with this service's key any more; set it again.");
  }
}

/**
 * The images as the module yields them, until `signal` ends the capture: then at once, even while the module still
 * waits on something that does not heed the signal, so that no capture holds its worker past its deadline.
 */
async function* untilAborted<T>(images: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const iterator = images[Symbol.asyncIterator]();
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => reject(signal.reason);
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
  aborted.catch(() => undefined);
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), aborted]);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}

interface Captured {
  /** Milliseconds from the capture's start to its last image stored; null when it stored none. */
  tookMs: number | null;
  error: string | null;
}

/**
 * Runs the module's capture and stores each image as it comes; an image refused does not stop the others. What it says
 * of a failure, stored and logged, holds no credentials (the secret, a URL's userinfo: net/redact.ts).
 */
async function captureImages(ctx: ServiceContext, deps: CaptureDeps, module: CaptureModule, appRow: ApplicationRow, state: CaptureStateRow, deadlineSeconds: number): Promise<Captured> {
  const deadline = AbortSignal.timeout(deadlineSeconds * 1000);
  const signal = AbortSignal.any([deps.stopping, deadline]);
  const askedAt = performance.now();
  let tookMs: number | null = null;
  let error: string | null = null;
  let secret: string | null = null;
  try {
    secret = secretOf(ctx, state);
    const images = module.capture({
      applicationId: appRow.applicationId,
      customFields: appRow.customFields,
      secret,
      addresses: deps.addresses,
      userAgent: deps.userAgent,
      isCaptured: (itemKey) => isItemCaptured(ctx.db, appRow.applicationId, itemKey),
      signal,
    });
    for await (const image of untilAborted(images, signal)) {
      try {
        await storeCapturedImage(ctx, appRow, image);
        tookMs = performance.now() - askedAt;
      } catch (refused) {
        if (!(refused instanceof DomainError)) throw refused;
        error = failureText(refused, deadline, deadlineSeconds);
      }
    }
  } catch (failure) {
    if (!(failure instanceof DomainError)) ctx.log.warn({ err: redactedError(failure, [secret]), applicationId: appRow.applicationId }, 'A capture failed.');
    error = failureText(failure, deadline, deadlineSeconds);
  }
  return { tookMs, error: error === null ? null : redactSecrets(error, [secret]) };
}

/**
 * One capture of a capture application's loop (a camera's frame, a feed's poll), then the next one sent in the same
 * transaction as its outcome: due an interval after this one started, or later after failures (backing off to 5
 * minutes). A job of an older loop (the application changed since), of an application gone, or of one switched off,
 * captures nothing and sends nothing.
 */
export async function runCaptureJob(ctx: ServiceContext, deps: CaptureDeps, { id, data }: Job<'capture'>): Promise<void> {
  const [appRow] = await ctx.db.select().from(applications).where(eq(applications.applicationId, data.applicationId));
  const module = appRow && captureModule(appRow.type);
  const state = appRow && (await readCaptureState(ctx.db, appRow.applicationId));
  if (!appRow || !module || !state || state.generation !== data.generation) return;
  if (!appRow.active) return ctx.db.transaction((tx) => recordCaptureStopped(tx, appRow.applicationId));
  if (deps.stopping.aborted) return;
  const startedAt = unixNow();
  const settings = module.settings.safeParse(appRow.customFields);
  const interval = settings.success ? module.intervalSeconds(appRow.customFields) : UNSET_INTERVAL_SECONDS;
  const { tookMs, error } = settings.success
    ? await captureImages(ctx, deps, module, appRow, state, deadlineSecondsOf(module, interval))
    : { tookMs: null, error: incompleteSettings(settings.error) };
  const failures = error === null ? 0 : state.failures + 1;
  const delay = Math.max(0, startedAt + nextDelaySeconds(interval, failures) - unixNow());
  await ctx.db.transaction(async (tx) => {
    if (!(await markJobFinished(tx, id))) return;
    await recordCaptureOutcome(tx, appRow.applicationId, { startedAt, tookMs, error, nextAttemptAt: unixNow() + delay });
    await ctx.jobs.send(tx, 'capture', { ...data, tenantId: appRow.tenantId }, { singletonKey: captureLoopKey(data.applicationId, data.generation), startAfterSeconds: delay });
  });
  ctx.jobs.kick();
}
