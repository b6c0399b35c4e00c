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

/** A failure as the application page shows it: one sentence. */
function failureText(error: unknown, deadline: AbortSignal, module: CaptureModule): string {
  if (deadline.aborted) return `The capture took longer than ${module.deadlineSeconds} s and was stopped.`;
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

interface Captured {
  /** Milliseconds from the capture's start to its last image stored; null when it stored none. */
  tookMs: number | null;
  error: string | null;
}

/**
 * Runs the module's capture and stores each image as it comes; an image refused does not stop the others. What it says
 * of a failure, stored and logged, holds no credentials (the secret, a URL's userinfo: net/redact.ts).
 */
async function captureImages(ctx: ServiceContext, deps: CaptureDeps, module: CaptureModule, appRow: ApplicationRow, state: CaptureStateRow): Promise<Captured> {
  const deadline = AbortSignal.timeout(module.deadlineSeconds * 1000);
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
      signal: AbortSignal.any([deps.stopping, deadline]),
    });
    for await (const image of images) {
      try {
        await storeCapturedImage(ctx, appRow, image);
        tookMs = performance.now() - askedAt;
      } catch (refused) {
        if (!(refused instanceof DomainError)) throw refused;
        error = failureText(refused, deadline, module);
      }
    }
  } catch (failure) {
    if (!(failure instanceof DomainError)) ctx.log.warn({ err: redactedError(failure, [secret]), applicationId: appRow.applicationId }, 'A capture failed.');
    error = failureText(failure, deadline, module);
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
  const { tookMs, error } = settings.success ? await captureImages(ctx, deps, module, appRow, state) : { tookMs: null, error: incompleteSettings(settings.error) };
  const interval = settings.success ? module.intervalSeconds(appRow.customFields) : UNSET_INTERVAL_SECONDS;
  const failures = error === null ? 0 : state.failures + 1;
  const delay = Math.max(0, startedAt + nextDelaySeconds(interval, failures) - unixNow());
  await ctx.db.transaction(async (tx) => {
    if (!(await markJobFinished(tx, id))) return;
    await recordCaptureOutcome(tx, appRow.applicationId, { startedAt, tookMs, error, nextAttemptAt: unixNow() + delay });
    await ctx.jobs.send(tx, 'capture', data, { singletonKey: captureLoopKey(data.applicationId, data.generation), startAfterSeconds: delay });
  });
  ctx.jobs.kick();
}
