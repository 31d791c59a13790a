import type { Logger } from '../../src/server/lib/log';

/** A logger that fails the test at the first error logged, with the logged error itself when there is one. */
export const throwingLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: (fields: unknown, message?: string) => {
    if (fields && typeof fields === 'object' && 'err' in fields) throw fields.err;
    throw new Error(typeof fields === 'string' ? fields : `${message ?? ''} ${JSON.stringify(fields)}`);
  },
};
