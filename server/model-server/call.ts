import { and, eq, sql } from 'drizzle-orm';
import pLimit, { type LimitFunction } from 'p-limit';
import type { ModelServerState } from '../../src/api/schemas/model-server';
import type { Database } from '../db';
import { modelServers, modelServerVersions } from '../db/schema';
import { unixNow } from '../db/unix-time';
import type { CameraAddressRules } from '../net/camera-address-rule';
import { FetchFailed, openUrl, readBody } from '../net/http-fetch';
import { redactSecrets } from '../net/redact';
import { modelServerPolicy } from './address';
import { authHeaderOf, type ModelServerRow } from './settings';

/** At most this many calls to one server at once from one process; the others wait their turn. */
const CALLS_PER_SERVER = 4;
/** An answer larger than this (counted as it arrives) ends the call. */
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;
/** After this many failed calls in a row the circuit opens: the server is left alone for CIRCUIT_OPEN_SECONDS. */
const FAILURES_TO_OPEN = 5;
const CIRCUIT_OPEN_SECONDS = 60;

/** What a call needs besides the server's row. */
export interface ModelServerDeps {
  db: Database;
  sealingKey: Buffer;
  rules: CameraAddressRules;
  userAgent: string;
  /** Ends calls in flight when the service stops. */
  stopping?: AbortSignal | undefined;
}

/** A call that did not get a good answer, with a sentence for people (the status's last_error). */
export class ModelServerFailed extends Error {
  override name = 'ModelServerFailed';
  constructor(
    message: string,
    readonly state: Exclude<ModelServerState, 'unknown' | 'connected'>,
  ) {
    super(message);
  }
}

const limits = new Map<string, LimitFunction>();
function limitOf(applicationId: string): LimitFunction {
  let limit = limits.get(applicationId);
  if (!limit) limits.set(applicationId, (limit = pLimit(CALLS_PER_SERVER)));
  return limit;
}

const stateOfFailure = (error: unknown, timedOut: boolean): ModelServerFailed['state'] =>
  timedOut ? 'timed_out' : error instanceof FetchFailed && !/answered HTTP|larger than|redirected/.test(error.message) ? 'unreachable' : 'error';

async function exchange(deps: ModelServerDeps, row: ModelServerRow, path: string, body: unknown): Promise<unknown> {
  const deadline = AbortSignal.timeout(row.timeoutSeconds * 1000);
  const signal = deps.stopping ? AbortSignal.any([deadline, deps.stopping]) : deadline;
  const url = new URL(path.replace(/^\//, ''), row.url.endsWith('/') ? row.url : `${row.url}/`);
  try {
    const response = await openUrl(url.href, modelServerPolicy(deps.rules), {
      signal,
      accept: 'application/json',
      userAgent: deps.userAgent,
      json: body === null ? undefined : Buffer.from(JSON.stringify(body)),
      authorization: authHeaderOf(row, deps.sealingKey) ?? undefined,
    });
    const bytes = await readBody(response, MAX_ANSWER_BYTES, `The answer to ${path}`);
    try {
      return JSON.parse(bytes.toString('utf8')) as unknown;
    } catch {
      throw new ModelServerFailed(`${url.host} answered ${path} with something that is not JSON.`, 'error');
    }
  } catch (error) {
    if (error instanceof ModelServerFailed) throw error;
    const timedOut = deadline.aborted;
    const message = timedOut ? `${url.host} did not answer ${path} within ${row.timeoutSeconds} s.` : error instanceof Error ? error.message : String(error);
    throw new ModelServerFailed(message, stateOfFailure(error, timedOut));
  }
}

/**
 * One call to the application's model server (GET without a body, else POST of it as JSON): within its timeout, at
 * most CALLS_PER_SERVER at once, its answer read up to MAX_ANSWER_BYTES and parsed as JSON. Every call records the
 * server's status; failures in a row open the circuit, and while it is open calls fail at once. Failure texts are
 * redacted of the auth header before they are kept.
 */
export async function callModelServer(deps: ModelServerDeps, row: ModelServerRow, path: string, body: unknown = null): Promise<unknown> {
  if (row.circuitOpenUntil !== null && row.circuitOpenUntil > unixNow()) {
    throw new ModelServerFailed(`The server failed ${FAILURES_TO_OPEN} times in a row; it is left alone until ${new Date(row.circuitOpenUntil * 1000).toISOString()}.`, 'circuit_open');
  }
  try {
    const answer = await limitOf(row.applicationId)(() => exchange(deps, row, path, body));
    await recordSuccess(deps.db, row);
    return answer;
  } catch (error) {
    const failed = error instanceof ModelServerFailed ? error : new ModelServerFailed(String(error), 'error');
    const message = redactSecrets(failed.message, [authHeaderOf(row, deps.sealingKey)]);
    await recordFailure(deps.db, row, failed.state, message);
    throw new ModelServerFailed(message, failed.state);
  }
}

const sameServer = (row: ModelServerRow) => and(eq(modelServers.applicationId, row.applicationId), eq(modelServers.mediaGrant, row.mediaGrant));

async function recordSuccess(db: Database, row: ModelServerRow): Promise<void> {
  await db.update(modelServers).set({ state: 'connected', lastError: null, lastCheckedAt: unixNow(), failures: 0, circuitOpenUntil: null }).where(sameServer(row));
}

async function recordFailure(db: Database, row: ModelServerRow, state: ModelServerFailed['state'], message: string): Promise<void> {
  const now = unixNow();
  const opens = sql`${modelServers.failures} + 1 >= ${FAILURES_TO_OPEN}`;
  await db
    .update(modelServers)
    .set({
      state: sql`CASE WHEN ${opens} THEN 'circuit_open' ELSE ${state} END`,
      lastError: message.slice(0, 1000),
      lastCheckedAt: now,
      failures: sql`${modelServers.failures} + 1`,
      circuitOpenUntil: sql`CASE WHEN ${opens} THEN ${now + CIRCUIT_OPEN_SECONDS}::double precision ELSE ${modelServers.circuitOpenUntil} END`,
    })
    .where(sameServer(row));
}

/** Records the model_version the server reported: the status shows it, and the history keeps when it first appeared. */
export async function recordModelVersion(db: Database, row: ModelServerRow, version: string | null): Promise<void> {
  if (version === null || version === row.modelVersion) return;
  await db.transaction(async (tx) => {
    await tx.update(modelServers).set({ modelVersion: version }).where(sameServer(row));
    await tx.insert(modelServerVersions).values({ applicationId: row.applicationId, modelVersion: version, firstSeenAt: unixNow() }).onConflictDoNothing();
  });
}
