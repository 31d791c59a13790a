/**
 * Each wallet of the export entered into the ledger as its history replayed as transfers, written in bulk.
 */
import { inArray, sql } from 'drizzle-orm';
import type { TokenType } from '#domain/constants';
import { ledgerAccounts, ledgerTransfers } from '#server/db/schema';
import { accountRow, accounts, transferRow, walletFor, type Account, type TransferInput } from '../../ledger/index';
import { legacyBalance, legacyHistoryEntry, MAX_IMPORTED_BALANCE, zodReason, type LegacyHistoryEntry } from '../parse';
import { chunks, type Run, type UserInfo } from '../run';

/**
 * Each wallet's history replayed as transfers, oldest first: 'add' → import (from issuance), 'remove'
 * → revoke (to issuance), 'used' → spend (to the spend account). When the history alone would go below
 * zero (it began before the export), an opening import comes first; when it does not end at the
 * balance, a last adjustment makes it (so the balance is the sum of the history). Legacy rule (spec part 1
 * §4): no jobby_balance → the legacy balance (and history) is the flexible one, and company tokens are 0.
 */
export async function importBalances(run: Run): Promise<void> {
  const inputs: Array<{ input: TransferInput; at: Date }> = [];
  const created: Array<[string, string]> = [];
  for (const [uid, value] of run.records('balance', run.data.user_blank_tokens)) {
    if (run.existing('balance', uid)) continue;
    const person = run.people.get(uid);
    if (!person) {
      run.skip('balance', uid, `Saldo de ${uid}: su usuario no está en la exportación o no se importó`);
      continue;
    }
    const parsed = legacyBalance.safeParse(value);
    if (!parsed.success) {
      run.skip('balance', uid, `Saldo de ${person.email}: ${zodReason(parsed.error)}`);
      continue;
    }
    const b = parsed.data;
    const legacyRule = b.jobby_balance === null;
    const wallets: Array<{ tokenType: TokenType; target: number; history: unknown[] }> = [
      { tokenType: 'jobby', target: legacyRule ? (b.balance ?? 0) : b.jobby_balance ?? 0, history: legacyRule && b.jobby_history.length === 0 ? b.history : b.jobby_history },
      { tokenType: 'company', target: legacyRule ? 0 : (b.company_balance ?? 0), history: b.company_history },
    ];
    let problem: string | null = null;
    for (const w of wallets) {
      const label = w.tokenType === 'jobby' ? 'Jobby' : 'de empresa';
      if (w.target < 0) problem = `saldo ${label} negativo (${w.target})`;
      // Decision 351: a balance no person of the earlier app could have had is a broken record, not money.
      if (w.target > MAX_IMPORTED_BALANCE) problem = `saldo ${label} de ${w.target.toLocaleString('es-CL')} tokens, más que el máximo importable (${MAX_IMPORTED_BALANCE.toLocaleString('es-CL')})`;
      if (w.tokenType === 'company' && !person.companyId && (w.target > 0 || w.history.length > 0)) problem = 'tiene tokens de empresa pero no tiene empresa';
    }
    if (problem) {
      run.skip('balance', uid, `Saldo de ${person.email}: ${problem}`);
      continue;
    }
    for (const w of wallets) {
      const history: LegacyHistoryEntry[] = [];
      for (const entry of w.history) {
        const e = legacyHistoryEntry.safeParse(entry);
        if (e.success) history.push(e.data);
        else run.report.warnings.push(`Historial de ${person.email}: se omitió un movimiento (${zodReason(e.error)})`);
      }
      inputs.push(...replay(run, person, w.tokenType, w.target, history));
    }
    created.push([uid, person.id]);
  }
  await writeTransfers(run, inputs);
  await run.remember('balance', created);
}

function replay(run: Run, person: UserInfo, tokenType: TokenType, target: number, history: LegacyHistoryEntry[]): Array<{ input: TransferInput; at: Date }> {
  if (tokenType === 'company' && !person.companyId) return [];
  const { account: wallet, wallet: ref } = walletFor(tokenType, { userId: person.id, companyId: person.companyId });
  const issuance = tokenType === 'jobby' ? accounts.platformIssuance() : accounts.companyIssuance(person.companyId as string);
  const spend = tokenType === 'jobby' ? accounts.platformSpend(null) : accounts.companySpend(person.companyId as string);
  const sorted = history.map((e, i) => ({ e, i })).sort((a, b) => (a.e.createdAt?.getTime() ?? 0) - (b.e.createdAt?.getTime() ?? 0) || a.i - b.i).map((x) => x.e);
  const delta = (e: LegacyHistoryEntry) => (e.type === 'add' ? e.amount : -e.amount);
  let running = 0;
  let lowest = 0;
  for (const e of sorted) lowest = Math.min(lowest, (running += delta(e)));
  const out: Array<{ input: TransferInput; at: Date }> = [];
  const first = sorted[0]?.createdAt ?? run.now;
  const move = (from: Account, to: Account, amount: number, kind: TransferInput['kind'], reason: string, at: Date, actor: TransferInput['actor'] = null) =>
    out.push({ input: { from, to, amount, kind, reason, actor, wallet: ref }, at });
  if (lowest < 0) move(issuance, wallet, -lowest, 'import', 'Saldo inicial importado de la app anterior', first);
  for (const e of sorted) {
    const at = e.createdAt ?? first;
    const actorName = e.adminName ?? e.adminEmail;
    const actor = actorName || e.adminId ? { id: (e.adminId && run.people.get(e.adminId)?.id) || e.adminId || 'legacy', name: actorName ?? '' } : null;
    if (e.type === 'add') move(issuance, wallet, e.amount, 'import', e.reason ?? 'Tokens importados de la app anterior', at, actor);
    else if (e.type === 'remove') move(wallet, issuance, e.amount, 'revoke', e.reason ?? 'Tokens retirados (app anterior)', at, actor);
    else move(wallet, spend, e.amount, 'spend', e.reason ?? 'Canje (app anterior)', at, actor);
  }
  const end = running - lowest;
  const last = sorted.at(-1)?.createdAt ?? run.now;
  if (target > end) move(issuance, wallet, target - end, 'import', 'Ajuste de saldo importado de la app anterior', last);
  if (target < end) move(wallet, issuance, end - target, 'revoke', 'Ajuste de saldo importado de la app anterior', last);
  return out;
}

/**
 * The replayed history, written in bulk (decision 156): at 10,000 people the ledger's transferAll
 * (one statement per wallet movement) took minutes. The same rows transferAll would write — accounts
 * as in `accounts`, each transfer with its wallet's balance before and after, the shared accounts
 * moved by their totals after the wallets (the ledger's lock order) — but in a few multi-row
 * statements, each transfer with its own date from the start. The invariants are checked in the
 * same transaction before it commits (importLegacy rolls back when they do not hold).
 */
async function writeTransfers(run: Run, inputs: Array<{ input: TransferInput; at: Date }>): Promise<void> {
  if (inputs.length === 0) return;
  const walletIds = [...new Set(inputs.map(({ input }) => (input.from.kind === 'wallet' ? input.from.id : input.to.id)))].sort();
  const held = new Map<string, number>();
  for (const part of chunks(walletIds, 5000)) {
    const rows = await run.tx.select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance }).from(ledgerAccounts).where(inArray(ledgerAccounts.id, part)).for('update');
    for (const r of rows) held.set(r.id, r.balance);
  }
  const opened = new Map<string, Account>();
  const shared = new Map<string, { account: Account; delta: number }>();
  const rows: Array<typeof ledgerTransfers.$inferInsert> = [];
  for (const { input, at } of inputs) {
    const walletSide = input.from.kind === 'wallet' ? input.from : input.to;
    const other = walletSide === input.from ? input.to : input.from;
    const delta = walletSide === input.to ? input.amount : -input.amount;
    const before = held.get(walletSide.id) ?? 0;
    const after = before + delta;
    if (after < 0) throw new Error(`legacy import: wallet ${walletSide.id} would go below zero`);
    held.set(walletSide.id, after);
    opened.set(walletSide.id, walletSide);
    const s = shared.get(other.id);
    shared.set(other.id, { account: other, delta: (s?.delta ?? 0) - delta });
    rows.push({ ...transferRow(input, { balanceBefore: before, balanceAfter: after }), createdAt: at });
  }
  for (const part of chunks([...opened.values()], 2000)) {
    await run.tx
      .insert(ledgerAccounts)
      .values(part.map((account) => accountRow(account, held.get(account.id) ?? 0)))
      .onConflictDoUpdate({ target: ledgerAccounts.id, set: { balance: sql`excluded.balance`, updatedAt: new Date() } });
  }
  for (const { account, delta } of [...shared.values()].sort((a, b) => (a.account.id < b.account.id ? -1 : 1))) {
    if (delta === 0) continue;
    await run.tx
      .insert(ledgerAccounts)
      .values(accountRow(account, delta))
      .onConflictDoUpdate({ target: ledgerAccounts.id, set: { balance: sql`${ledgerAccounts.balance} + ${delta}`, updatedAt: new Date() } });
  }
  for (const part of chunks(rows, 1000)) await run.tx.insert(ledgerTransfers).values(part);
  run.report.transfers += rows.length;
}
