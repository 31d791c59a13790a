#!/usr/bin/env node
// `npm run test:e2e`: builds the web app, then runs the Playwright journeys against Debian's Chromium.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `No se encontró Chromium en ${chromium}. Instálalo con "apt-get install -y chromium" o indica su ruta en CHROMIUM_PATH.`,
  );
  process.exit(1);
}

const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });

const build = run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
if (build.status !== 0) process.exit(build.status ?? 1);
const test = run(['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)]);
process.exit(test.status ?? 1);
