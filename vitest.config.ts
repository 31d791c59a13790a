import { defineConfig } from 'vitest/config';

/**
 * Two projects (issue 24 §9, decision 168): the unit tests of src run isolated, a fresh module graph
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
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] } },
      {
        extends: true,
        test: { name: 'api', include: ['test/**/*.test.ts'], isolate: false, globalSetup: ['test/support/global-setup.ts'] },
      },
    ],
  },
});
