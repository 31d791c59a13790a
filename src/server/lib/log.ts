/**
 * The server's logger type: pino's (Fastify's `app.log`, or a child of it), passed down from main.ts
 * to the jobs, the outbox worker and the services that log (decision 365). Errors are logged as
 * `{ err, ...ids }` so pino writes the stack and the ids as fields, not inside a message string.
 */
type LogFn = {
  (fields: object, message?: string): void;
  (message: string): void;
};

export type Logger = { info: LogFn; warn: LogFn; error: LogFn };

/** For tests and tools that run without a server: says nothing. */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
