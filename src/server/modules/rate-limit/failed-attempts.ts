/**
 * The limiter of password checks (OWASP ASVS V2.2.1, issue 6): sign-in, the current-password check
 * of /api/me/password, and registration. Each attempt is counted per account AND per client address
 * before the password is checked — so parallel guesses cannot slip past — and a success is taken
 * back, so only failures remain counted: an office of colleagues behind one address signs in freely,
 * while an account under attack is throttled after `SIGNIN_FAILURES_PER_ACCOUNT` failures. Counters
 * live in the database (rate_limit_counters), shared by every server copy.
 */
import { AppError } from '../../../domain/errors';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { consumeRateLimit, refundRateLimit } from './service';

type LimiterConfig = Pick<
  AppConfig,
  'signInFailuresPerAccount' | 'signInFailuresPerAddress' | 'signInFailureWindowSeconds' | 'signUpsPerAddress'
>;

export type Attempt = {
  /** The password was right: the attempt no longer counts. */
  succeeded: () => Promise<void>;
};

type Counter = { key: string; limit: number };

async function begin(db: Executor, counters: Counter[], windowSeconds: number): Promise<Attempt> {
  const counted: { key: string; windowStart: Date }[] = [];
  let allowed = true;
  for (const counter of counters) {
    const result = await consumeRateLimit(db, { key: counter.key, limit: counter.limit, windowSeconds });
    counted.push({ key: counter.key, windowStart: result.windowStart });
    allowed &&= result.allowed;
  }
  if (!allowed) throw new AppError('TOO_MANY_ATTEMPTS');
  return {
    succeeded: async () => {
      for (const { key, windowStart } of counted) await refundRateLimit(db, key, windowStart);
    },
  };
}

/** A key part that a caller cannot blow up: addresses are bounded by the input schema anyway. */
const normalise = (value: string) => value.trim().toLowerCase().slice(0, 320);

/** @throws TOO_MANY_ATTEMPTS when the account or the address has used up its failures. */
export function beginSignIn(db: Executor, config: LimiterConfig, email: string, address: string): Promise<Attempt> {
  return begin(
    db,
    [
      { key: `signin:account:${normalise(email)}`, limit: config.signInFailuresPerAccount },
      { key: `signin:address:${address}`, limit: config.signInFailuresPerAddress },
    ],
    config.signInFailureWindowSeconds,
  );
}

/** The current-password check shares the account's sign-in failures: it is the same secret. */
export function beginPasswordCheck(db: Executor, config: LimiterConfig, email: string, address: string): Promise<Attempt> {
  return beginSignIn(db, config, email, address);
}

/**
 * Registrations per address, counted whatever the outcome and BEFORE the duplicate-address answer,
 * so that answer is no free enumeration oracle.
 * @throws TOO_MANY_ATTEMPTS
 */
export async function countRegistration(db: Executor, config: LimiterConfig, address: string): Promise<void> {
  await begin(db, [{ key: `signup:address:${address}`, limit: config.signUpsPerAddress }], config.signInFailureWindowSeconds);
}
