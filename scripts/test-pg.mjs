#!/usr/bin/env node
// `npm run test:pg`: the API integration suite again, on a real PostgreSQL server (many connections).
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'test/api', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
