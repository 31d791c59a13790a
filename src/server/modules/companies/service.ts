import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema';

/**
 * The company that owns an email domain: a FULL, case-insensitive match against
 * `companies.email_domain` (unique on lower()), never the first label (`austral.evil` ≠ `austral.cl`).
 */
export async function findCompanyByEmailDomain(db: Executor, domain: string) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, status: companies.status })
    .from(companies)
    .where(sql`lower(${companies.emailDomain}) = lower(${domain})`)
    .limit(1);
  return row ?? null;
}

export async function getCompanyName(db: Executor, companyId: string): Promise<string | null> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? null;
}
