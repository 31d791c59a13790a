/**
 * The name of the unique constraint a failed statement violated (PostgreSQL 23505), or null.
 * Drizzle wraps the driver's error (pg or PGlite) in `cause`, so the chain is walked.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
  }
  return null;
}
