/**
 * Provider users (level 4) as the rest of the economy needs them: options to link a platform or
 * company benefit to the provider who fulfils it, and the checks on that link.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { blankToNull } from '../../../domain/text';
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
 * The provider a benefit names, as stored: null when none is given, otherwise a checked level 4 user.
 * @throws INVALID_PROVIDER when an id is given and is not a level 4 user.
 */
export async function linkedProvider(db: Executor, providerUserId: string | null | undefined): Promise<string | null> {
  const id = blankToNull(providerUserId);
  if (id) await assertProviderUser(db, id);
  return id;
}

/**
 * SQL that holds while `providerId` is an active provider (level 4) user. It goes into the
 * statement that acts for the provider, so one disabled after its session was checked is refused
 * by that same statement, with no read of its own.
 */
export function activeProviderCondition(providerId: string): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${providerId} and ${users.level} = ${PROVIDER_LEVEL} and ${users.status} = 'active')`;
}
