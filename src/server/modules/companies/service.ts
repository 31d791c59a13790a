import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema';

/** Case-insensitive lookup (part 1 §3: company names are matched case-insensitively). */
export async function findCompanyByName(db: Executor, name: string) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, status: companies.status })
    .from(companies)
    .where(sql`lower(${companies.name}) = lower(${name})`)
    .limit(1);
  return row ?? null;
}

/**
 * Find-or-create for an HR admin's first sign-in (part 1 §6). The unique index on lower(name)
 * makes two admins signing in at once end with one company.
 */
export async function findOrCreateCompanyByName(db: Executor, name: string) {
  await db.insert(companies).values({ name, status: 'active' }).onConflictDoNothing();
  const found = await findCompanyByName(db, name);
  if (!found) throw new Error(`company ${name} vanished after insert`);
  return found;
}
