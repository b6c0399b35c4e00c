import { createHash, randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import type { LogDestination } from '../http/logging';
import type { ServiceConfig } from '../config';
import { openDatabase, type Database, type DatabaseHandle } from '../db';
import { listFunctions, listMigrations, SCHEMA_DIRS } from '../db/migrate';
import { DEMO_PASSWORD, seedIdentity, type DemoIdentity } from '../demo/seed-identity';
import { createMemoryBlobStore } from '../media/blob-store';

const PGLITE_PACKAGE = path.join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json');

export interface TestAppOptions {
  /** A `mediaStore` here is used; without one, media go to memory. */
  config?: Partial<ServiceConfig>;
  /** The token-signing secret: instances given the same one accept each other's tokens and media links. */
  secret?: Buffer;
  /** Seed the demo identities (`labeller@demo.test` etc., password `looplabel-demo`). */
  seed?: boolean;
  nowSeconds?: () => number;
  /** Where the log lines go (set `config.logLevel` too: tests are silent by default). */
  logStream?: LogDestination;
  /**
   * Another instance of the same service, as behind a load balancer: this one shares its database, media store,
   * secret and demo identities. Close this one first.
   */
  sharing?: TestApp;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  config: ServiceConfig;
  /** The demo identities when seeded. */
  demo: DemoIdentity | null;
  secret: Buffer;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A bearer token for the user (and tenant), from `GET /1/token`. */
  signIn(email: string, password: string, tenantId?: string): Promise<string>;
  /** Request headers carrying a demo user's bearer token (the demo password), for that tenant or their only one. */
  demoAuth(email: string, tenantId?: string): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

export const basicAuth = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function testConfig(overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    // Unused: the test app injects its database and secret.
    dataDir: path.join(os.tmpdir(), 'looplabel-test-unused'),
    databaseUrl: null,
    tls: null,
    trustProxy: false,
    tokenTtlSeconds: 3600,
    allowSpecialTypes: false,
    registration: 'open',
    publicUrl: null,
    demo: false,
    logLevel: 'silent',
    staticDir: path.join(os.tmpdir(), 'looplabel-test-no-dist'),
    rateLimit: { windowSeconds: 900, maxFailuresPerEmail: 10, maxFailuresPerAddress: 30, registrationWindowSeconds: 3600, maxRegistrationsPerAddress: 20 },
    build: { number: 7, time: '2025-01-01T00:00:00.000Z' },
    validateResponses: true,
    ...overrides,
  };
}

/**
 * A dump of a freshly migrated PGlite database, made once per PGlite version and set of migrations and SQL functions
 * and shared by test processes through a file: a PGlite started from it skips its initdb and the migrations (about
 * 1.5 s of each test file's set-up).
 */
async function migratedPgliteDump(): Promise<Blob> {
  const hash = createHash('sha256').update(await readFile(PGLITE_PACKAGE));
  for (const name of await listMigrations()) hash.update(name).update(await readFile(path.join(SCHEMA_DIRS.migrations, name)));
  for (const name of await listFunctions()) hash.update(name).update(await readFile(path.join(SCHEMA_DIRS.functions, name)));
  const file = path.join(os.tmpdir(), `looplabel-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const fresh = await openDatabase();
    const dump = await fresh.dump!();
    await fresh.close();
    // Written aside, then renamed: a process starting at the same time reads a whole file or none.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  }
}

/**
 * A fresh in-memory PGlite database (from the migrated template), or, when TEST_DATABASE_URL names a PostgreSQL
 * server, a fresh database created on it and dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ pgliteDump: await migratedPgliteDump() });
  const scratch = await createScratchDatabase(serverUrl);
  const handle = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** A new, empty database on the PostgreSQL server `serverUrl`: its connection string, and `drop()` to remove it. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `looplabel_test_${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const { sharing } = options;
  const database = sharing?.database ?? (await openTestDatabase());
  const closeDatabase = () => (sharing ? Promise.resolve() : database.close());
  const secret = sharing?.secret ?? options.secret ?? randomBytes(32);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      database,
      secret,
      nowSeconds: options.nowSeconds,
      blobs: sharing?.app.blobs ?? (config.mediaStore ? undefined : createMemoryBlobStore()),
      logStream: options.logStream,
    });
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  const demo = sharing?.demo ?? (options.seed ? await seedIdentity(database.db) : null);
  const signIn = async (email: string, password: string, tenantId?: string) => {
    const response = await app.inject({
      method: 'GET',
      url: '/1/token',
      query: tenantId ? { tenant_id: tenantId } : {},
      headers: { authorization: basicAuth(email, password) },
    });
    if (response.statusCode !== 200) throw new Error(`Sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
    return response.json<{ access_token: string }>().access_token;
  };

  return {
    app,
    db: database.db,
    database,
    config,
    demo,
    secret,
    inject: (request) => app.inject(request),
    signIn,
    demoAuth: async (email, tenantId) => bearer(await signIn(email, DEMO_PASSWORD, tenantId)),
    close: async () => {
      await app.close();
      await closeDatabase();
    },
  };
}
