#!/usr/bin/env node
// Reads coverage/coverage-summary.json (written by `vitest run --coverage`, vitest.config.ts) and names
// every file that holds money or access rules with under 80 % of its lines run by the tests (decision 383).
// It prints and never fails: coverage is a number to read, not a gate; a file named here is a place
// where a broken rule could lose tokens or open a door without any test noticing.
import { existsSync, readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';

const SUMMARY = 'coverage/coverage-summary.json';
const MINIMUM_LINES = 80;

// Why each is watched: these files move tokens (a wrong line loses or creates money: ledger,
// redemptions, codes, assignment and grants, allowance, requests' decisions and refunds) or decide
// who may do what (api keys, sign-in and accounts, the actor and the access hooks, rate limits,
// idempotency, which keeps a retried payment from paying twice). Globs on folder and file names, not
// full paths, so they keep matching when a module moves between layers (docs/architecture.md).
const WATCHED = [
  '**/ledger/**',
  '**/redemptions/**',
  '**/codes/**',
  'src/domain/code.ts',
  '**/assignment/**',
  '**/grants*',
  'src/domain/grant-threshold.ts',
  '**/allowance/**',
  '**/requests/**',
  'src/domain/request-lifecycle.ts',
  '**/api-keys/**',
  'src/domain/api-keys.ts',
  '**/auth/**',
  '**/accounts/**',
  '**/actor.ts',
  '**/access.ts',
  'src/domain/levels.ts',
  '**/rate-limit/**',
  '**/idempotency/**',
  '**/idempotent-reply.ts',
];

/** A glob of `**` (any folders), `*` (within one name) and literal text, as a RegExp on a posix path. */
function globToRegExp(glob) {
  let pattern = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      pattern += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') pattern += '[^/]*';
    else pattern += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

const watched = WATCHED.map(globToRegExp);
// The rules live on the server and in src/domain; the web only shows them, and the schema files are
// table shapes, not rules.
const isWatched = (path) =>
  (path.startsWith('src/server/') || path.startsWith('src/domain/')) && !path.startsWith('src/server/db/schema') && watched.some((re) => re.test(path));

if (!existsSync(SUMMARY)) {
  console.log(`coverage-watch: no ${SUMMARY} (run vitest with --coverage first); nothing to name.`);
  process.exit(0);
}
const summary = JSON.parse(readFileSync(SUMMARY, 'utf8'));
const rows = Object.entries(summary)
  .filter(([file]) => file !== 'total')
  .map(([file, metrics]) => ({ path: relative(process.cwd(), file).split(sep).join('/'), lines: metrics.lines }))
  .filter((row) => isWatched(row.path));
const low = rows.filter((row) => row.lines.total > 0 && row.lines.pct < MINIMUM_LINES).sort((a, b) => a.lines.pct - b.lines.pct);

console.log(`\ncoverage-watch: ${rows.length} files hold money or access rules; ${low.length} under ${MINIMUM_LINES} % of lines:`);
for (const row of low) console.log(`  ${row.lines.pct.toFixed(1).padStart(5)} %  ${row.path}  (${row.lines.covered}/${row.lines.total} lines)`);
if (low.length === 0) console.log('  (none)');
