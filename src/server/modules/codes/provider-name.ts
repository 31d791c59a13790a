/**
 * Where an employee uses a code: the provider that redeems it — the provider account
 * the code names, else the platform benefit's free-text provider name — or null (a company's own
 * benefit naming no provider: HR redeems it). One expression on the code's row (a query that reads
 * `benefit_codes` under its own name), for every screen that shows an active code.
 */
import { sql } from 'drizzle-orm';
import { platformBenefits, users } from '../../db/schema';

// Qualified by hand: Drizzle leaves columns unqualified in a one-table select, where `id` would name the subquery's own.
export const codeProviderName = sql<string | null>`coalesce(
  (select cp.name from ${users} cp where cp.id = "benefit_codes"."provider_user_id"),
  (select nullif(btrim(cb.provider_name), '') from ${platformBenefits} cb where cb.id = "benefit_codes"."platform_benefit_id")
)`;

/** The address and standing instructions of the provider account the code names (null without one). */
const providerField = (column: typeof users.providerAddress | typeof users.providerInstructions) =>
  sql<string | null>`(select ${sql.raw(`cp."${column.name}"`)} from ${users} cp where cp.id = "benefit_codes"."provider_user_id")`;

/** Every column of where to use a code, for a select of `benefit_codes` (codePlaceFields in the contract). */
export const codePlaceColumns = {
  providerName: codeProviderName,
  providerAddress: providerField(users.providerAddress),
  providerInstructions: providerField(users.providerInstructions),
};
