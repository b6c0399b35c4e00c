import type { FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { RateLimiter } from '../auth/rate-limit';
import type { TokenIssuer } from '../auth/tokens';
import type { ServiceConfig } from '../config';
import type { Database } from '../db';
import type { ZodTypeProvider } from '../http/zod';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: ServiceConfig;
    tokens: TokenIssuer;
    /** Rate limits shared by every instance (in the database). */
    limiter: RateLimiter;
  }
}

/** A plugin of routes whose schemas are zod schemas. */
export type RoutesPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, ZodTypeProvider>;
