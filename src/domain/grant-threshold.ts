/**
 * When a grant of company tokens is "large" (decision 358): above 10× the company's
 * monthly allowance per person, or above 100 when the company has none. A large grant is confirmed
 * twice — HR types LARGE_GRANT_CONFIRMATION_WORD on the web, and the request carries
 * `confirmLarge: true` — so neither a slip of the finger nor an API client's bug sends one by accident.
 * Measured per person: a bulk assignment's amount each is compared, since the allowance is per person.
 */

/** The threshold when the company gives no monthly allowance. */
export const LARGE_GRANT_DEFAULT_THRESHOLD = 100;
/** How many monthly allowances one person may receive at once before the grant counts as large. */
export const LARGE_GRANT_ALLOWANCE_FACTOR = 10;
/** The word HR types to confirm a large grant (upper case, compared without regard to case or spaces around it). */
export const LARGE_GRANT_CONFIRMATION_WORD = 'ASIGNAR';

/** The most tokens one person may receive in one grant without the second confirmation. */
export function largeGrantThreshold(monthlyAllowance: number): number {
  return monthlyAllowance > 0 ? monthlyAllowance * LARGE_GRANT_ALLOWANCE_FACTOR : LARGE_GRANT_DEFAULT_THRESHOLD;
}

/** True when `amountEach` (per person) needs the second confirmation. */
export function isLargeGrant(amountEach: number, monthlyAllowance: number): boolean {
  return amountEach > largeGrantThreshold(monthlyAllowance);
}

/** True when what HR typed is the confirmation word. */
export function isLargeGrantConfirmed(typed: string): boolean {
  return typed.trim().toUpperCase() === LARGE_GRANT_CONFIRMATION_WORD;
}
