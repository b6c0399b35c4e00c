import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { REDACTED, redactSecrets } from '../net/redact';

/**
 * The service's log lines never carry credentials or the values a request or a query worked on:
 * - a request is logged by its method and path, never its query string (signed media links carry their signature
 *   there, and searches their terms), nor its headers;
 * - an error is logged by its type, message, stack and code, without the SQL parameters drizzle attaches (emails,
 *   password hashes, tokens), without the database's `detail`, which repeats the values that clashed, and without the
 *   userinfo of any URL in its message or stack (net/redact.ts);
 * - whatever else is logged has its credentials censored by the redact paths below.
 * At the default level (info) the terminal says what matters: that the service listens, the demo's progress, warnings
 * and errors. Requests are logged at debug, one line each (`LOG_LEVEL=debug` shows them).
 */

const SECRET_KEYS = [
  'authorization',
  'cookie',
  'password',
  'password_hash',
  'passwordHash',
  'access_token',
  'token',
  'secret',
  'api_key',
  'key',
  'invite_code',
  'sig',
];

/** pino's redact paths: the headers that carry credentials, and secret-named fields at the top two levels. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
];

/** A request as one log line shows it: the path without its query. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Properties of an error that may repeat the values a statement worked on. */
const VALUE_PROPERTIES = new Set(['params', 'parameters', 'detail', 'query_params', 'values']);
/** Properties kept as they are (a database error's SQLSTATE, severity and where it arose name no values). */
const KEPT_PROPERTIES = ['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'constraint', 'schema', 'where', 'query'];

/** drizzle writes its parameters into the message (and so the stack): "Failed query: <sql>\nparams: <values>". */
const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, `\nparams: ${REDACTED}`);

/** A PostgreSQL data exception (SQLSTATE class 22) quotes the value it could not take: say only which one it was. */
function databaseMessage(error: Record<string, unknown>, message: string): string {
  const code = typeof error.code === 'string' ? error.code : '';
  const isDatabaseError = typeof error.severity === 'string' && /^[0-9A-Z]{5}$/.test(code);
  return isDatabaseError && code.startsWith('22') ? `data exception (SQLSTATE ${code}); the value is not logged` : message;
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  [key: string]: unknown;
}

/** The error serializer: like pino's, but an error's values stay out of the log. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const message = redactSecrets(databaseMessage(fields, withoutParams(error.message)));
  const firstLine = `${error.name}: ${error.message}`;
  const stack = error.stack ?? '';
  const serialized: SerializedError = {
    type: error.constructor.name || error.name,
    message,
    stack: redactSecrets(withoutParams(stack.startsWith(firstLine) ? `${error.name}: ${message}${stack.slice(firstLine.length)}` : stack)),
  };
  for (const key of KEPT_PROPERTIES) {
    if (fields[key] !== undefined && !VALUE_PROPERTIES.has(key)) serialized[key] = fields[key];
  }
  if (error.cause !== undefined && depth < 5) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** Where log lines can go: stdout by default, or anything with `write` (tests collect them). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Fastify's own lines about requests: one per answered request, at debug (instead of "incoming request" and "request
 * completed" at info), a request that failed at error, a route not found and a client that went away at debug.
 */
export class ServiceLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else request.log.debug(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'route not found');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) super.defaultErrorLog(error, request, reply);
    else request.log.debug({ req: request, res: { statusCode: reply.statusCode }, err: error }, error.message);
  }
}

/** Fastify's `logger` options with the rules above. */
export function loggerOptions(level: string, stream?: LogDestination) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { req: serializeRequest, err: serializeError },
    ...(stream ? { stream } : {}),
  };
}
