import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_WHATSAPP_APP_SECRET, E2E_WHATSAPP_VERIFY_TOKEN } from './e2e/support';

const port = Number(process.env.E2E_PORT ?? 3917);
// scripts/e2e.mjs (npm run test:e2e) creates a fresh data folder per run and removes it afterwards.
// e2e/support.ts reads the development outbox's token from the same folder.
const dataDir = E2E_DATA_DIR;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const browserArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const browser = { ...devices['Desktop Chrome'], launchOptions: { executablePath: chromium, args: browserArgs } };

/**
 * Journeys that change what every journey of a company or of the platform sees, or that compare a
 * whole set before and after (decision 126): they run alone, after the others.
 * - hr: bulk-assigns company tokens to every Andes employee (other journeys' Andes newcomers' balances)
 *   and adds a benefit to Andes' catalogue;
 * - hr-amounts: compares every Andes balance before and after, and counts Andes' people;
 * - live: an achievement rule that pays anyone's next used code;
 * - level1-surveys: Andes' survey summary, which any surveyed Andes newcomer changes;
 * - employee-experience: counts the platform catalogue, which admin-platform adds to and
 *   admin-platform-more switches off and on;
 * - accessibility: axe on level 1's requests while other journeys made requests failed twice in a row
 *   (a colour-contrast finding on a tab's count badge) in the one two-worker run; alone it passes;
 * - first-data: counts each dashboard's requests, and a balance changed by a journey alongside reaches
 *   level 1's open page live and re-reads /api/me (seen once: two reads where the preload gave one).
 */
const SHARED_STATE = /\/(hr|hr-amounts|live|level1-surveys|employee-experience|accessibility|first-data)\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/artifacts',
  // Two workers unless E2E_WORKERS says otherwise (decisions 126, 317): the files of 'journeys' run two
  // at a time (a file's journeys one after another); those of SHARED_STATE still run apart, one at a time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Locally, one retry so a rerun shows whether a failure is flaky; in CI (.ci/run sets CI=true) a
  // journey that needed its retry fails the run: a flaky journey is a bug to find.
  retries: 1,
  failOnFlakyTests: Boolean(process.env.CI),
  // Generous: CI runs on 2 cores, where a journey of several screens can take over a minute.
  timeout: 120_000,
  // 20 s: on the 2-core machine a screen's first load under a full suite has taken over 10 s.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    trace: 'retain-on-failure',
    // The app registers a service worker (decision 253). Journeys run without it: page.route and the
    // network events see every request, and no worker of an earlier build can answer. The journeys
    // of the worker itself (offline-codes) allow it in their own file (decision 253).
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromium, args: browserArgs },
  },
  // 'shared-state' starts when every journey of 'journeys' has ended, and runs one at a time.
  // scripts/e2e.mjs runs the two projects as two runs (`--no-deps` for the second), so a failed journey
  // does not skip the shared-state ones.
  projects: [
    { name: 'journeys', testIgnore: SHARED_STATE, use: browser },
    { name: 'shared-state', testMatch: SHARED_STATE, workers: 1, dependencies: ['journeys'], use: browser },
  ],
  webServer: {
    // The server built once to JavaScript by scripts/e2e.mjs (scripts/build-server.mjs), so the first
    // requests do not wait for TypeScript to be transpiled (decision 126). Running Playwright directly,
    // build it first: `node scripts/build-server.mjs`.
    command: 'node --enable-source-maps dist/server/main.js',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      // The secure flow: an address is confirmed before signing in (the demo accounts are verified).
      EMAIL_VERIFICATION: 'required',
      // The journeys read verification and reset links from the development outbox (never in production).
      DEV_OUTBOX_API: 'on',
      PUBLIC_URL: `http://localhost:${port}`,
      // The webhook journeys (integrations-webhooks, screenshots) run their receivers on loopback.
      WEBHOOKS_ALLOW_PRIVATE: 'on',
      // e2e/bot.spec.ts signs its webhook deliveries with this secret.
      WHATSAPP_APP_SECRET: E2E_WHATSAPP_APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: E2E_WHATSAPP_VERIFY_TOKEN,
    },
  },
});
