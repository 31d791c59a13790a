/**
 * Work that runs after the commit that made it necessary (the webhook's analysis and reply), off the
 * request that WhatsApp is waiting on. Not durable: the periodic run picks up what a stopped copy
 * left (decision 92). `settled()` lets the app wait for it on close, and tests observe its result.
 */
import type { FastifyBaseLogger } from 'fastify';

export type AfterCommit = {
  run: (what: string, task: () => Promise<void>) => void;
  settled: () => Promise<void>;
};

export function createAfterCommit(log: FastifyBaseLogger): AfterCommit {
  const pending = new Set<Promise<void>>();
  return {
    run(what, task) {
      const running: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `after-commit task failed: ${what}`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
