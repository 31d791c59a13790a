/**
 * The driver's error under drizzle's wrapper (pg or PGlite): drizzle puts it in `cause`, so the
 * chain is walked to the first error that carries a SQLSTATE `code`.
 */
function driverErrorOf(error: unknown): { code: string; constraint?: unknown } | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (typeof candidate.code === 'string') return candidate as { code: string; constraint?: unknown };
  }
  return null;
}

/** The SQLSTATE of a failed statement (e.g. '23505', or one jobby_refuse_unless raised), or null. */
export function sqlStateOf(error: unknown): string | null {
  return driverErrorOf(error)?.code ?? null;
}

/** The name of the unique constraint a failed statement violated (PostgreSQL 23505), or null. */
export function violatedUniqueConstraint(error: unknown): string | null {
  const failed = driverErrorOf(error);
  if (failed?.code !== '23505') return null;
  return typeof failed.constraint === 'string' ? failed.constraint : '';
}
