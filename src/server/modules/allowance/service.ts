/**
 * The monthly allowance (decision 83): on the 1st at 00:05 Santiago every company's active
 * employees get its monthly company tokens (set by HR) and flexible tokens (set by level 1 per
 * company). One row in monthly_grants per company, month and token type, inserted first with ON
 * CONFLICT DO NOTHING: whoever inserts it grants, in the same transaction; any other copy, retry or
 * 'Asignar ahora' finds the row and does nothing.
 */
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { TokenType } from '#domain/constants';
import { monthLabel, santiagoMonth } from '#domain/dates';
import { AppError } from '#domain/errors';
import type { MonthlyAllowance, MonthlyGrantResult } from '#domain/schemas/engine';
import type { Db, Executor } from '../../db/client';
import { companies, monthlyGrants, users } from '../../db/schema';
import { companyOf, type Actor } from '../../actor';
import { accounts, transferAll, walletFor, type TransferInput } from '../ledger/index';
import { recordEvent } from '../events/index';
import { plural, tokens } from '#domain/plural';

/** The ledger's limit per transferAll call is ~3,600 rows; grants go in slices well below it. */
const GRANTS_PER_CALL = 1000;

/** The reason of every monthly grant. */
export const monthlyReason = (month: string) => {
  const [name, year] = monthLabel(month).split(' ');
  return `Asignación mensual ${name} ${year}`;
};

/** The month whose grant is due at `now`: the grant runs at 00:05 of the 1st, Santiago time. */
export function dueMonth(now: Date): string {
  return santiagoMonth(new Date(now.getTime() - 5 * 60_000));
}

const amountColumn = (tokenType: TokenType) => (tokenType === 'company' ? companies.monthlyCompanyTokens : companies.monthlyJobbyTokens);
/**
 * Which companies receive a monthly allowance: active ones. The scheduled job selects by it and
 * every grant (the job's and 'Asignar ahora') checks it, so a deactivated company receives nothing
 * by any path.
 */
const receivesAllowance = () => eq(companies.status, 'active');

const activeEmployees = (companyId: string) => and(eq(users.companyId, companyId), eq(users.level, 3), eq(users.status, 'active'));

/**
 * Grants one company's allowance of one token type for `month`, once. Active level 3 employees only;
 * an amount of 0 grants nothing and records nothing (so a later amount can still be granted that month).
 * The company's row is share-locked, so a deactivation waits for the grant or the grant sees it.
 * @throws COMPANY_NOT_FOUND, ALLOWANCE_COMPANY_INACTIVE.
 */
export async function grantCompanyMonth(
  db: Db,
  target: { companyId: string; month: string; tokenType: TokenType },
  actor: { id: string; name: string } | null,
): Promise<MonthlyGrantResult> {
  const { companyId, month, tokenType } = target;
  const label = monthLabel(month);
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ amount: amountColumn(tokenType), receives: sql<boolean>`${receivesAllowance()}` })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('share');
    if (!company) throw new AppError('COMPANY_NOT_FOUND');
    if (!company.receives) throw new AppError('ALLOWANCE_COMPANY_INACTIVE');
    const none = { granted: false, month, tokenType, employees: 0, amountEach: company.amount };
    if (company.amount <= 0) return { ...none, message: `No hay una asignación mensual configurada para ${label}` };
    const [claimed] = await tx
      .insert(monthlyGrants)
      .values({ companyId, month, tokenType, amountEach: company.amount, actorId: actor?.id ?? null })
      .onConflictDoNothing()
      .returning({ month: monthlyGrants.month });
    if (!claimed) return { ...none, message: `La asignación mensual de ${label} ya se realizó` };
    const employees = await tx.select({ id: users.id }).from(users).where(activeEmployees(companyId)).orderBy(users.id);
    const reason = monthlyReason(month);
    for (let i = 0; i < employees.length; i += GRANTS_PER_CALL) {
      await transferAll(
        tx,
        employees.slice(i, i + GRANTS_PER_CALL).map((employee): TransferInput => {
          const wallet = walletFor(tokenType, { userId: employee.id, companyId });
          const from = tokenType === 'company' ? accounts.companyIssuance(companyId) : accounts.platformIssuance();
          return { from, to: wallet.account, amount: company.amount, kind: 'grant', reason, actor, wallet: wallet.wallet };
        }),
      );
    }
    // The webhook "asignación mensual realizada" (decision 230) (its grants are not 'tokens.assigned').
    await recordEvent(tx, { type: 'allowance.granted', payload: { companyId, month, tokenType, amountEach: company.amount, employees: employees.length } });
    await tx
      .update(monthlyGrants)
      .set({ employees: employees.length })
      .where(and(eq(monthlyGrants.companyId, companyId), eq(monthlyGrants.month, month), eq(monthlyGrants.tokenType, tokenType)));
    return {
      granted: true,
      month,
      tokenType,
      employees: employees.length,
      amountEach: company.amount,
      message: `Asignación mensual de ${label} realizada: ${plural(employees.length, 'empleado recibió', 'empleados recibieron')} ${tokens(company.amount)}`,
    };
  });
}

/**
 * The scheduled job, and the catch-up at start: grants `month` to every active company with an
 * amount set and no grant yet for it. Answers how many grants were made. Safe to run on every copy
 * at once (grantCompanyMonth's unique key decides).
 */
export async function grantMonth(db: Db, month: string): Promise<number> {
  let made = 0;
  for (const tokenType of ['company', 'jobby'] as const) {
    const due = await db
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(
          receivesAllowance(),
          gt(amountColumn(tokenType), 0),
          sql`not exists (select 1 from ${monthlyGrants} g where g.company_id = ${companies.id} and g.month = ${month} and g.token_type = ${tokenType})`,
        ),
      )
      .orderBy(companies.id);
    for (const company of due) {
      try {
        if ((await grantCompanyMonth(db, { companyId: company.id, month, tokenType }, null)).granted) made += 1;
      } catch (error) {
        // Deactivated since the query above: skipped, as if it had not been selected.
        if (!(error instanceof AppError && error.code === 'ALLOWANCE_COMPANY_INACTIVE')) throw error;
      }
    }
  }
  return made;
}

/** HR's card: its company's company-token allowance and whether this month was granted. */
export async function getCompanyAllowance(db: Executor, actor: Actor, now = new Date()): Promise<MonthlyAllowance> {
  return allowanceOf(db, companyOf(actor), 'company', now);
}

export async function allowanceOf(db: Executor, companyId: string, tokenType: TokenType, now = new Date()): Promise<MonthlyAllowance> {
  const month = dueMonth(now);
  const [row] = await db
    .select({
      amount: amountColumn(tokenType),
      granted: sql<boolean>`exists (select 1 from ${monthlyGrants} g where g.company_id = ${companies.id} and g.month = ${month} and g.token_type = ${tokenType})`,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  const [{ n }] = await db.select({ n: count() }).from(users).where(activeEmployees(companyId));
  return { amount: row.amount, month, monthLabel: monthLabel(month), grantedThisMonth: row.granted, activeEmployees: n };
}

/** HR sets its company's monthly company-token allowance (from the next grant on). */
export async function setCompanyAllowance(db: Db, amount: number, actor: Actor): Promise<MonthlyAllowance> {
  const companyId = companyOf(actor);
  await db.update(companies).set({ monthlyCompanyTokens: amount, updatedAt: new Date() }).where(eq(companies.id, companyId));
  return allowanceOf(db, companyId, 'company');
}

/** 'Asignar ahora' of HR: this month's company tokens of its company. */
export async function grantCompanyAllowanceNow(db: Db, actor: Actor, now = new Date()): Promise<MonthlyGrantResult> {
  return grantCompanyMonth(db, { companyId: companyOf(actor), month: dueMonth(now), tokenType: 'company' }, { id: actor.id, name: actor.name });
}

/** 'Asignar ahora' of level 1: this month's flexible tokens of one company. */
export async function grantJobbyAllowanceNow(db: Db, companyId: string, actor: Actor, now = new Date()): Promise<MonthlyGrantResult> {
  return grantCompanyMonth(db, { companyId, month: dueMonth(now), tokenType: 'jobby' }, { id: actor.id, name: actor.name });
}
