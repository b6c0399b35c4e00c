import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium';

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    // Off: recording a trace of every test (to keep the failures') took more of the browsers' CPU than the tests did
    // on two cores. A failure still leaves its screenshot and page snapshot; `npx playwright test --trace on` to dig.
    trace: 'off',
    // Off but in the offline spec: each test's new context installed the service worker, which fetched and stored the
    // app's hundred files again, in every one of the 90-odd tests.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
