#!/usr/bin/env node
// `npm run test:pg`: the API integration suite again, on a real PostgreSQL server (many connections).
// `npm run test:pg -- test/api/economy/codes.test.ts` runs only the files or folders named (under test/).
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const args = process.argv.slice(2);
const named = args.some((arg) => arg.startsWith('test/'));
const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...(named ? [] : ['test/api']), ...args], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
