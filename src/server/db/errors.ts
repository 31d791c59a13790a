/**
 * The driver's error under drizzle's wrapper (pg or PGlite): drizzle puts it in `cause`, so the
 * chain is walked to the first error that carries a SQLSTATE `code`.
 */
function driverErrorOf(error: unknown): { code: string; constraint?: unknown; detail?: unknown } | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; detail?: unknown };
    if (typeof candidate.code === 'string') return candidate as { code: string; constraint?: unknown; detail?: unknown };
  }
  return null;
}

/** The SQLSTATE of a failed statement (e.g. '23505', or one a function of ours raised: jobby_redeem's JBR01), or null. */
export function sqlStateOf(error: unknown): string | null {
  return driverErrorOf(error)?.code ?? null;
}

/** The DETAIL of a failed statement (what a RAISE … USING DETAIL gave), or null. */
export function sqlDetailOf(error: unknown): string | null {
  const detail = driverErrorOf(error)?.detail;
  return typeof detail === 'string' ? detail : null;
}

/** The name of the unique constraint a failed statement violated (PostgreSQL 23505), or null. */
export function violatedUniqueConstraint(error: unknown): string | null {
  const failed = driverErrorOf(error);
  if (failed?.code !== '23505') return null;
  return typeof failed.constraint === 'string' ? failed.constraint : '';
}
