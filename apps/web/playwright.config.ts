import { defineConfig, devices } from '@playwright/test';

import { e2eEnv } from './e2e/env';

/**
 * Journeys through the built server serving the built app, on a fresh embedded database in a
 * temporary folder. Build both first: `pnpm build` (turbo does it for `test`).
 */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Journeys about notifications: the headless shell denies them all, so these take the full browser. */
const NOTIFICATION_JOURNEYS = /(push|saved-searches)\.spec\.ts/;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: e2eEnv.ci,
  // No retries: a journey that fails once is a bug to fix, not noise to hide.
  retries: 0,
  workers: 2,
  // The journeys check what a user sees, not how soon (pnpm bench:web measures that): twice
  // Playwright's default waits, so a machine busy with other work is slower, not failing.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: e2eEnv.ci ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: e2eEnv.baseURL,
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: { executablePath: e2eEnv.chromiumPath, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'sessions', testMatch: /sessions\.setup\.ts/ },
    {
      name: 'desktop',
      dependencies: ['sessions'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      grepInvert: /@phone|@everyone/,
      testIgnore: NOTIFICATION_JOURNEYS,
      teardown: 'everyone',
    },
    {
      name: 'notifications',
      dependencies: ['sessions'],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: e2eEnv.fullChromiumPath, args: CHROMIUM_ARGS },
      },
      testMatch: NOTIFICATION_JOURNEYS,
      grepInvert: /@phone|@everyone/,
      teardown: 'everyone',
    },
    {
      name: 'phone',
      dependencies: ['sessions'],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        isMobile: false,
        hasTouch: true,
      },
      testMatch: /navigation\.spec\.ts/,
      grepInvert: /@desktop/,
      teardown: 'everyone',
    },
    {
      // An announcement reaches every account and a duplicate clean-up every seller's listings:
      // those journeys run once the others are done (pass or fail), so no unread count or
      // listing changes under another journey's feet.
      name: 'everyone',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      grep: /@everyone/,
    },
  ],
  webServer: [
    {
      // The built server, as it ships (turbo builds it before these journeys).
      command: [process.execPath, '--enable-source-maps', e2eEnv.builtServer]
        .map((part) => JSON.stringify(part))
        .join(' '),
      url: `${e2eEnv.baseURL}/healthz`,
      env: {
        PORT: e2eEnv.port,
        HOST: '127.0.0.1',
        DATA_DIR: e2eEnv.dataDir,
        APP_ORIGIN: e2eEnv.baseURL,
        NODE_ENV: 'test',
        // The journeys walk through the demo neighbourhood.
        SEED_DEMO: 'true',
        ADMIN_EMAIL: e2eEnv.admin.email,
        ADMIN_PASSWORD: e2eEnv.admin.password,
        LOG_LEVEL: 'warn',
        // Journeys that file many reports name their own client address; browsers send none (decision 053).
        TRUST_PROXY: 'loopback',
        // Pushes go to the journeys' own push service, whose certificate is made for the run.
        NODE_EXTRA_CA_CERTS: e2eEnv.pushService.cert,
        ...(e2eEnv.webDistDir ? { WEB_DIST_DIR: e2eEnv.webDistDir } : {}),
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The passkey journeys' own server, at localhost (decision 071), with its own database and
      // no demo content.
      command: [process.execPath, '--enable-source-maps', e2eEnv.builtServer]
        .map((part) => JSON.stringify(part))
        .join(' '),
      url: `http://127.0.0.1:${e2eEnv.passkeys.port}/healthz`,
      env: {
        PORT: e2eEnv.passkeys.port,
        HOST: '127.0.0.1',
        DATA_DIR: e2eEnv.passkeys.dataDir,
        APP_ORIGIN: e2eEnv.passkeys.baseURL,
        NODE_ENV: 'test',
        SEED_DEMO: 'false',
        ADMIN_EMAIL: e2eEnv.admin.email,
        LOG_LEVEL: 'warn',
        ...(e2eEnv.webDistDir ? { WEB_DIST_DIR: e2eEnv.webDistDir } : {}),
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
