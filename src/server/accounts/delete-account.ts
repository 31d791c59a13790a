import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { queryRows, type Tx } from '../db/client';
import { ledgerAccounts, users } from '../db/schema';

/**
 * The account `id` and its empty ledger accounts, inside the caller's transaction, if it has no
 * history (see deleteUserWithoutHistory; a revoked invitation too, decision 212). @throws USER_HAS_HISTORY.
 */
export async function deleteAccountWithoutHistory(tx: Tx, id: string): Promise<void> {
  const [{ history }] = await queryRows<{ history: boolean }>(
    tx,
    sql`select (
      exists (select 1 from ledger_transfers t where t.wallet_user_id = ${id})
      or exists (select 1 from ledger_transfers t join ledger_accounts a on a.id in (t.from_account, t.to_account) where a.owner_user_id = ${id})
      or exists (select 1 from benefit_requests r where r.user_id = ${id})
      or exists (select 1 from benefit_codes c where c.user_id = ${id} or c.used_by = ${id})
      or exists (select 1 from redemptions d where d.user_id = ${id})
    ) as history`,
  );
  if (history) throw new AppError('USER_HAS_HISTORY');
  await tx.delete(ledgerAccounts).where(eq(ledgerAccounts.ownerUserId, id));
  await tx.delete(users).where(eq(users.id, id));
}
