import { defineConfig } from '@playwright/test';
import { e2eRun } from './support/run-id';

const run = e2eRun();
const baseURL = `http://127.0.0.1:${run.port}`;

export default defineConfig({
  testDir: './src',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without the background-networking switches Chromium keeps dialling out on this offline machine.
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON support/serve.mjs',
    url: `${baseURL}/api/health`,
    env: { ...run.env, PORT: String(run.port), HOST: '127.0.0.1' },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
