import { defineConfig, devices } from '@playwright/test';
import { e2eRun } from './support/run-id';

const run = e2eRun();
const baseURL = `http://127.0.0.1:${run.port}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // Without the background-networking switches Chromium keeps dialling out on this offline machine.
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
/** A phone in Chromium: the device's viewport, touch and mobile meta-viewport handling, whatever browser it ships with. */
const phone = (device: (typeof devices)[string], viewport = device.viewport) => ({
  ...device,
  viewport,
  browserName: 'chromium' as const,
  defaultBrowserType: 'chromium' as const,
  hasTouch: true,
  isMobile: true,
  // CSS pixels are what the checks measure; device-pixel screenshots would only be slower and larger.
  deviceScaleFactor: 1,
  launchOptions: chromium,
});
// The phone projects walk every route, and the journeys tagged @phone run at Pixel 7 size too.
const ROUTE_WALK = '**/every-route.e2e.ts';

export default defineConfig({
  testDir: './src',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A journey chains sign-ins (argon2), emails and remote loads; on a loaded 2-core machine one passed 30 s.
  timeout: 60_000,
  // A remote's first load (remoteEntry, shared modules, page chunk) can pass 5 s on a busy 2-core machine.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 720 } } },
    { name: 'phone-pixel7', use: phone(devices['Pixel 7']), testMatch: ['**/*.e2e.ts'], grep: [/@phone/, /every page/] },
    { name: 'phone-iphone14', use: phone(devices['iPhone 14']), testMatch: ROUTE_WALK },
    { name: 'phone-320', use: phone(devices['iPhone SE'], { width: 320, height: 640 }), testMatch: ROUTE_WALK },
  ],
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
