/**
 * The limiter of password checks (OWASP ASVS V2.2.1): sign-in, the current-password check
 * of /api/me/password, and registration (beginRegistration). Each attempt is counted per account AND per client address
 * before the password is checked — so parallel guesses cannot slip past — and a success is taken
 * back, so only failures remain counted: an office of colleagues behind one address signs in freely,
 * while an account under attack is throttled after `SIGNIN_FAILURES_PER_ACCOUNT` failures. Counters
 * live in the database (rate_limit_counters), shared by every server copy.
 */
import { AppError } from '#domain/errors';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { countAttempt, type Attempt, type Counter } from './service';

type LimiterConfig = Pick<
  AppConfig,
  'signInFailuresPerAccount' | 'signInFailuresPerAddress' | 'signInFailureWindowSeconds' | 'signUpsPerAddress' | 'signUpSuccessesPerAddress'
>;

export type { Attempt };

/** Counts the attempt against `counters`, in one statement. @throws TOO_MANY_ATTEMPTS past any of them. */
async function begin(db: Executor, counters: Counter[], windowSeconds: number): Promise<Attempt> {
  const attempt = await countAttempt(db, counters, windowSeconds);
  if (!attempt.allowed) throw new AppError('TOO_MANY_ATTEMPTS');
  return attempt;
}

/** A key part that a caller cannot blow up: addresses are bounded by the input schema anyway. */
const normalise = (value: string) => value.trim().toLowerCase().slice(0, 320);

/**
 * `device`: the id of a valid device cookie for this account (auth/device.ts). Its holder's failures
 * count under that device instead of the account-wide counter, so a stranger's failures do not lock
 * out a person on a browser that signed in before (decision 133); everyone else shares the account's.
 * @throws TOO_MANY_ATTEMPTS when the account (or device) or the address has used up its failures.
 */
export function beginSignIn(db: Executor, config: LimiterConfig, email: string, address: string, device: string | null = null): Promise<Attempt> {
  const account = device ? `signin:device:${normalise(email)}:${device}` : `signin:account:${normalise(email)}`;
  return begin(
    db,
    [
      { key: account, limit: config.signInFailuresPerAccount },
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
 * Registrations per address. Each one is counted BEFORE the duplicate-address
 * answer, so that answer is no free enumeration oracle, against a tight limit of failures
 * (SIGNUPS_PER_ADDRESS: duplicates, invalid bodies, better-auth refusals) from which a success is
 * taken back, and against a generous ceiling on all registrations (SIGNUP_SUCCESSES_PER_ADDRESS),
 * so colleagues behind one office address all register while a script cannot create accounts
 * without bound.
 * @throws TOO_MANY_ATTEMPTS
 */
export function beginRegistration(db: Executor, config: LimiterConfig, address: string): Promise<Attempt> {
  return begin(
    db,
    [
      { key: `signup:failed:${address}`, limit: config.signUpsPerAddress },
      { key: `signup:address:${address}`, limit: config.signUpSuccessesPerAddress, keepOnSuccess: true },
    ],
    config.signInFailureWindowSeconds,
  );
}
