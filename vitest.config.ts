import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default on two cores is one worker; many tests wait on child processes, sockets and timers, so three
    // keep both cores busy (on two cores: 424 s with two, 393 s with three, the same 1,852 tests green)
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          globals: true,
          setupFiles: ['src/testing/setup.ts'],
          // Files share their worker's modules and jsdom (setting both up for each file took 5 times the tests' own
          // time); the setup file puts every zustand store and the storages back after each test.
          isolate: false,
          // a flow through several pages against the fake service takes seconds on a busy two-core machine
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // These need a PostgreSQL server: the postgres and scale-out projects run them.
          exclude: ['server/scale-out*.test.ts', 'server/jobs/*-pg.test.ts'],
          environment: 'node',
          // Test files share a worker's modules: each file imported the service afresh (the detector, the text reader and
          // PGlite with it), which took longer than its tests. Every file builds its own app and database.
          isolate: false,
          // migrations on a new embedded database or a release re-reading images take over 30 s on two shared cores
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        // The service's tests whose outcome rests on the database server itself, on a PostgreSQL server: schema and
        // migrations, jobs on pg-boss, leases and concurrent pulls, releases, callbacks' delivery. The whole service
        // suite runs on the embedded database in `npm test`; CI runs these once more through
        // `bash scripts/with-postgres.sh npx vitest run --project postgres`.
        test: {
          name: 'postgres',
          include: [
            'server/db/**/*.test.ts',
            'server/jobs/**/*.test.ts',
            'server/feedback/**/*.test.ts',
            'server/callbacks/**/*.test.ts',
            'server/routes/{feedback,consensus,models-releases}*.test.ts',
          ],
          environment: 'node',
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        // Service processes on a PostgreSQL server: `bash scripts/with-postgres.sh npx vitest run --project scale-out`.
        test: {
          name: 'scale-out',
          include: ['server/scale-out*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
