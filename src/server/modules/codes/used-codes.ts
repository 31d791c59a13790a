/**
 * A used code as the lists of used codes read it (decision 295): the code, its benefit and origin,
 * when it was used, and the employee it was issued to — the provider's history page — plus that
 * employee's company: the provider's history export and level 1's 'Últimos códigos canjeados'.
 */
import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { benefitCodes, companies, users } from '../../db/schema';

/** What a list shows of a used code: the code, its benefit, when, and the employee (null once gone). */
export const usedCodeColumns = {
  code: benefitCodes.code,
  benefitName: benefitCodes.benefitName,
  isBenefitJobby: benefitCodes.isBenefitJobby,
  usedAt: benefitCodes.usedAt,
  userId: users.id,
  userName: users.name,
  userEmail: users.email,
};

/**
 * The codes with `usedCodeColumns`, the employee's company and the caller's `extra` columns, joined
 * to their employee and company; the caller adds its joins, filter, order and limit.
 */
export function selectUsedCodes<Extra extends SelectedFields>(db: Executor, extra: Extra) {
  return db
    .select({ ...usedCodeColumns, companyName: companies.name, ...extra })
    .from(benefitCodes)
    .leftJoin(users, eq(users.id, benefitCodes.userId))
    .leftJoin(companies, eq(companies.id, benefitCodes.companyId));
}
