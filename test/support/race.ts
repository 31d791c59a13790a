/**
 * Race tests run only on PostgreSQL (decision 382). PGlite answers on one connection, one statement
 * after another: calls sent "at once" there are interleaved, never simultaneous, so a race test would be
 * green even with the lock or the conditional UPDATE it is about removed. On PGlite such a test is
 * skipped, and the file says why once; `npm run test:pg` (and .ci/run) runs it on real connections.
 */
import { describe, expect, it, type TestFunction } from 'vitest';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const REASON = 'race tests skipped: PGlite has one connection, so nothing runs at once there; they run on PostgreSQL (npm run test:pg)';
const told = new Set<string>();

function tellOnce(): void {
  // Set by Vitest for the file being collected (one worker runs several files: isolate is off).
  const file = expect.getState().testPath ?? '';
  if (told.has(file)) return;
  told.add(file);
  console.info(REASON);
}

/** A test of callers racing (`Promise.all` of writers, several workers): runs only on PostgreSQL. */
export function raceTest(name: string, body: TestFunction, timeout?: number): void {
  if (onPostgres) return void it(name, body, timeout);
  tellOnce();
  it.skip(name, body, timeout);
}

/** A group of race tests (its hooks included): runs only on PostgreSQL. */
export function raceDescribe(name: string, body: () => void): void {
  if (onPostgres) return void describe(name, body);
  tellOnce();
  describe.skip(name, body);
}
