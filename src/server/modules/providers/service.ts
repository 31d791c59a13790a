/**
 * Provider users (level 4) as the rest of the economy needs them: options to link a platform
 * benefit to the provider who fulfils it, and the checks on that link.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { ProviderOption } from '../../../domain/schemas/economy';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

/** A select box, not a report: enough for every provider a platform realistically links. */
const PROVIDER_OPTIONS_MAX = 200;

const PROVIDER_LEVEL = 4;

/**
 * Level 4 users ordered by name, case-insensitively whatever the database collation (at most 200),
 * for the platform benefit form. Throws nothing.
 */
export async function listProviderOptions(db: Executor): Promise<ProviderOption[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.level, PROVIDER_LEVEL))
    .orderBy(sql`lower(${users.name})`, asc(users.id))
    .limit(PROVIDER_OPTIONS_MAX);
  return rows.map((row) => ({ ...row, status: row.status === 'inactive' ? 'inactive' : 'active' }));
}

/**
 * Checks that `userId` is a provider (level 4) user, so a benefit is never linked to an employee
 * or to nobody; an inactive provider may still be linked (it can be reactivated).
 * @throws INVALID_PROVIDER when no level 4 user has that id.
 */
export async function assertProviderUser(db: Executor, userId: string): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.level, PROVIDER_LEVEL)));
  if (!row) throw new AppError('INVALID_PROVIDER');
}

/**
 * The provider's own status, read again from the database (the session check already refuses an
 * inactive user, but a code must never be redeemed by a provider disabled meanwhile).
 * @throws PROVIDER_INACTIVE when the provider is missing, not level 4 or inactive.
 */
export async function assertActiveProvider(db: Executor, providerId: string): Promise<void> {
  const [row] = await db.select({ status: users.status, level: users.level }).from(users).where(eq(users.id, providerId));
  if (!row || row.level !== PROVIDER_LEVEL || row.status !== 'active') throw new AppError('PROVIDER_INACTIVE');
}
