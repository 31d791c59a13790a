import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects (decision 168): the unit tests of src run isolated, a fresh module graph
 * per file (the web tests mock modules); the API suite runs its files one after another in each worker
 * with `isolate: false`, so the server's modules are imported once per worker rather than once per file,
 * and test/support/app.ts keeps one migrated PGlite per worker and resets it between files. Each file
 * still starts from an exact copy of the migrated database.
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fewer than the cores: one worker on the 2-core machine, where the second
    // core then sat mostly idle. Two at least (decision 125); each API worker keeps its own PGlite.
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    // Measured only when asked (`vitest run --coverage`, as .ci/run does on its PGlite run; decision 383):
    // the lines of src the tests reach, printed as a summary and written to coverage/coverage-summary.json
    // for scripts/coverage-watch.mjs. No threshold: a number to read, not a gate to game.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/**/test-support.{ts,tsx}', 'src/**/*.d.ts', 'src/**/generated/**', 'src/server/db/migrations/**'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      // A run with a failing test still prints what it reached (the run fails all the same).
      reportOnFailure: true,
    },
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] } },
      {
        extends: true,
        test: { name: 'api', include: ['test/**/*.test.ts'], isolate: false, globalSetup: ['test/support/global-setup.ts'] },
      },
    ],
  },
});
