#!/usr/bin/env node
// `npm run test:e2e`: builds the web app and the server, then runs the Playwright journeys against Debian's Chromium.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from './build-server.mjs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `No se encontró Chromium en ${chromium}. Instálalo con "apt-get install -y chromium" o indica su ruta en CHROMIUM_PATH.`,
  );
  process.exit(1);
}

// A fresh embedded database for the journeys' server, removed afterwards.
const dataDir = mkdtempSync(path.join(tmpdir(), 'jobby-e2e-'));
const env = { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', E2E_DATA_DIR: dataDir };
const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit', env });

let status = run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']).status;
// The server too, once, to JavaScript: the journeys' server starts from dist/server/main.js.
if (status === 0) status = await buildServer().then(() => 0, (error) => (console.error(error), 1));
// Two runs (playwright.config.ts, decision 126): the journeys two at a time, then those that change or
// count shared state, alone. Both run whatever the first found; either failing fails the whole.
if (status === 0) {
  // The caller's arguments (files, --grep…) first: `--project` takes every word after it as a project.
  const playwright = (...args) => run(['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2), '--pass-with-no-tests', ...args]).status;
  // Each run its own output folder: Playwright empties it at the start, and the second run would
  // otherwise delete the traces of the first run's failures.
  const journeys = playwright('--no-deps', '--project=journeys', '--output=e2e/artifacts/journeys');
  const shared = playwright('--no-deps', '--project=shared-state', '--output=e2e/artifacts/shared-state');
  status = journeys === 0 ? shared : journeys;
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(status ?? 1);
