#!/usr/bin/env node
// Builds the server once to JavaScript (dist/server/main.js) so the journeys' server starts without
// transpiling TypeScript on first use. The packages stay external (node_modules is read
// at run time); the migrations are copied beside the bundle, where the database client looks for them
// (`<folder of the running file>/migrations`). The web app is served from dist/web (relative to the
// working folder), as before.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const SERVER_ENTRY = 'src/server/main.ts';
export const SERVER_OUT_DIR = 'dist/server';

/** The migrations folder drizzle-kit writes to (drizzle.config.ts's `out`), so a move needs one edit. */
function migrationsFolder() {
  const match = /\bout:\s*['"]([^'"]+)['"]/.exec(readFileSync('drizzle.config.ts', 'utf8'));
  if (!match || !existsSync(match[1])) throw new Error(`drizzle.config.ts does not name an existing migrations folder (${match?.[1]})`);
  return match[1];
}

export async function buildServer() {
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  await build({
    entryPoints: [SERVER_ENTRY],
    outfile: path.join(SERVER_OUT_DIR, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19', // package.json's engines; it keeps import attributes (`with { type: 'json' }`)
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(migrationsFolder(), path.join(SERVER_OUT_DIR, 'migrations'), { recursive: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
