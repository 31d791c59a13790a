/**
 * Token management (spec part 1 §2 "Token management", §5 "Add/Remove tokens"; spec part 2 §2 "/level2/tokens",
 * §5 "Single/Bulk assignment"): the platform admin adds or removes flexible (jobby) tokens of any
 * employee; company HR assigns its company's tokens to its own employees. Every balance change is
 * a ledger transfer, so the history screens are a view over them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_ADD_TOKENS_REASON,
  DEFAULT_HR_ASSIGN_REASON,
  DEFAULT_HR_BULK_REASON,
  DEFAULT_REMOVE_TOKENS_REASON,
} from '#domain/constants';
import { AppError } from '#domain/errors';
import { isLargeGrant, largeGrantThreshold } from '#domain/grant-threshold';
import type { TokenType } from '#domain/constants';
import type { z } from 'zod';
import type {
  adminTokensInputSchema,
  assignResultSchema,
  bulkAssignResultSchema,
  EmployeeBalance,
  HistoryPage,
  historyQuerySchema,
  hrAssignInputSchema,
  hrBulkAssignInputSchema,
  ReverseGrantResult,
} from '#domain/schemas/economy';
import type { Db, Executor } from '../../db/client';
import { companies, users } from '../../db/schema';
import { companyOf, type Actor } from '../../actor';
import { runIdempotent, type IdempotentOutcome } from '../idempotency/index';
import { recordEvent } from '../events/index';
import type { TokensAssigned } from '../events/index';
import { listEmployeeBalances, listHistory } from '../ledger-views/index';
import {
  accounts,
  lockTransferForReversal,
  reverseGrant,
  transfer,
  transferAll,
  walletFor,
  type TransferInput,
  type TransferResult,
} from '../ledger/index';

type AssignResult = z.infer<typeof assignResultSchema>;
type BulkAssignResult = z.infer<typeof bulkAssignResultSchema>;
type EmployeeListQuery = { search?: string; limit: number; offset: number };
type HistoryQuery = z.infer<typeof historyQuerySchema>;
type AdminTokensCommand = z.infer<typeof adminTokensInputSchema>;
type HrAssignCommand = z.infer<typeof hrAssignInputSchema>;
type HrBulkAssignCommand = z.infer<typeof hrBulkAssignInputSchema>;

type Employee = { id: string; companyId: string | null; status: string };

/** A blank reason means "use the default" (the spec's reason fields are optional). */
function reasonOr(reason: string | null | undefined, fallback: string): string {
  return reason?.trim() ? reason.trim() : fallback;
}

const actorRef = (actor: Actor) => ({ id: actor.id, name: actor.name });

/**
 * Level 3 users among `userIds`, optionally only of one company; anyone else is "not found".
 * One query whatever the number of ids.
 */
async function findEmployees(db: Executor, userIds: readonly string[], companyId: string | null): Promise<Map<string, Employee>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, companyId: users.companyId, status: users.status })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), eq(users.level, 3), companyId ? eq(users.companyId, companyId) : undefined));
  return new Map(rows.map((row) => [row.id, row]));
}

/** @throws USER_NOT_FOUND when the id is not a level 3 user (of that company, when one is given). */
async function findEmployee(db: Executor, userId: string, companyId: string | null): Promise<Employee> {
  const employee = (await findEmployees(db, [userId], companyId)).get(userId);
  if (!employee) throw new AppError('USER_NOT_FOUND');
  return employee;
}

/**
 * Tokens go to active employees only, from HR and level 1 alike: a deactivated person cannot sign in
 * to spend them, and the bulk total HR confirmed counts only active people (decisions 121 and 122).
 */
const isActive = (employee: Employee) => employee.status === 'active';

/** @throws EMPLOYEE_INACTIVE for a deactivated employee (a single grant names the one person it is for). */
function mustBeActive(employee: Employee): Employee {
  if (!isActive(employee)) throw new AppError('EMPLOYEE_INACTIVE');
  return employee;
}

/**
 * A grant of more than the large-grant threshold per person (src/domain/grant-threshold.ts,
 * decision 358) must say `confirmLarge: true`, from the web and from an API key alike. One primary-key
 * read of the company's allowance, and none when the request already confirms.
 * @throws LARGE_GRANT_UNCONFIRMED.
 */
async function mustBeConfirmedIfLarge(db: Executor, companyId: string, amountEach: number, confirmLarge: boolean | undefined): Promise<void> {
  if (confirmLarge) return;
  const [company] = await db.select({ allowance: companies.monthlyCompanyTokens }).from(companies).where(eq(companies.id, companyId));
  const allowance = company?.allowance ?? 0;
  if (isLargeGrant(amountEach, allowance)) throw new AppError('LARGE_GRANT_UNCONFIRMED', { amount: amountEach, threshold: largeGrantThreshold(allowance) });
}

const toAssignResult = (userId: string, tokenType: AssignResult['tokenType'], moved: TransferResult): AssignResult => ({
  userId,
  tokenType,
  balanceAfter: moved.balanceAfter,
  transferId: moved.transferId,
});

/**
 * The 'tokens.assigned' event of a grant made by a person (the webhook "tokens asignados", decision 230),
 * in the grant's transaction; the monthly allowance records its own 'allowance.granted' instead.
 */
function recordAssigned(tx: Executor, tokenType: TokenType, amount: number, reason: string, actor: Actor, recipients: TokensAssigned['recipients']) {
  return recordEvent(tx, { type: 'tokens.assigned', payload: { tokenType, amount, reason, actorName: actor.name, recipients } });
}

// ───────── platform admin: flexible tokens ─────────

/**
 * Lists every active level 3 user with both balances (the admin's user picker), newest first.
 * Throws nothing.
 */
export async function listPlatformEmployees(db: Executor, query: EmployeeListQuery): Promise<{ items: EmployeeBalance[]; total: number }> {
  // A disabled account cannot sign in to spend them: the picker does not offer it.
  return listEmployeeBalances(db, { companyId: null, activeOnly: true, ...query });
}

/**
 * Adds 1–100 flexible tokens to an active level 3 user: platform issuance → the user's jobby wallet.
 * @throws (as the outcome's error body) USER_NOT_FOUND, EMPLOYEE_INACTIVE, IDEMPOTENCY_CONFLICT. The quantity rule
 * (INVALID_TOKEN_QUANTITY) is the input schema's.
 */
export async function addPlatformTokens(
  db: Db,
  input: AdminTokensCommand,
  actor: Actor,
  idempotencyKey: string | undefined,
): Promise<IdempotentOutcome<AssignResult>> {
  return runIdempotent(db, { actorId: actor.id, key: idempotencyKey, operation: 'tokens.admin-add', input }, async (tx) => {
    const employee = mustBeActive(await findEmployee(tx, input.userId, null));
    const wallet = walletFor('jobby', { userId: employee.id, companyId: employee.companyId });
    const moved = await transfer(tx, {
      from: accounts.platformIssuance(),
      to: wallet.account,
      amount: input.amount,
      kind: 'grant',
      reason: reasonOr(input.reason, DEFAULT_ADD_TOKENS_REASON),
      actor: actorRef(actor),
      wallet: wallet.wallet,
    });
    await recordAssigned(tx, 'jobby', input.amount, reasonOr(input.reason, DEFAULT_ADD_TOKENS_REASON), actor, [{ userId: employee.id, companyId: employee.companyId, transferId: moved.transferId }]);
    return toAssignResult(employee.id, 'jobby', moved);
  });
}

/**
 * Removes flexible tokens from a level 3 user, never more than it holds: its jobby wallet →
 * platform issuance, with the wallet's conditional debit deciding, so a concurrent spend cannot
 * make the removal overdraw.
 * @throws (as the outcome's error body) USER_NOT_FOUND, REMOVE_EXCEEDS_BALANCE (with amount and
 * held), IDEMPOTENCY_CONFLICT.
 */
export async function removePlatformTokens(
  db: Db,
  input: AdminTokensCommand,
  actor: Actor,
  idempotencyKey: string | undefined,
): Promise<IdempotentOutcome<AssignResult>> {
  return runIdempotent(db, { actorId: actor.id, key: idempotencyKey, operation: 'tokens.admin-remove', input }, async (tx) => {
    const employee = await findEmployee(tx, input.userId, null);
    const wallet = walletFor('jobby', { userId: employee.id, companyId: employee.companyId });
    const moved = await transfer(tx, {
      from: wallet.account,
      to: accounts.platformIssuance(),
      amount: input.amount,
      kind: 'revoke',
      reason: reasonOr(input.reason, DEFAULT_REMOVE_TOKENS_REASON),
      actor: actorRef(actor),
      wallet: wallet.wallet,
      insufficient: ({ held }) => new AppError('REMOVE_EXCEEDS_BALANCE', { amount: input.amount, held }),
    });
    return toAssignResult(employee.id, 'jobby', moved);
  });
}

/** Every employee wallet's history (both token types), newest first. Throws nothing. */
export async function listPlatformTokenHistory(db: Executor, query: HistoryQuery): Promise<HistoryPage> {
  return listHistory(db, { companyId: null, ...query });
}

// ───────── company HR: company tokens ─────────

/**
 * The HR user's own employees (level 3 of its company) with both balances, newest first.
 * @throws NO_COMPANY_ASSIGNED.
 */
export async function listCompanyEmployees(db: Executor, query: EmployeeListQuery, actor: Actor): Promise<{ items: EmployeeBalance[]; total: number }> {
  return listEmployeeBalances(db, { companyId: companyOf(actor), ...query });
}

/** A grant of company tokens: company issuance → the employee's company wallet. */
function companyGrant(employee: Employee, companyId: string, amount: number, reason: string, actor: Actor): TransferInput {
  const wallet = walletFor('company', { userId: employee.id, companyId });
  return { from: accounts.companyIssuance(companyId), to: wallet.account, amount, kind: 'grant', reason, actor: actorRef(actor), wallet: wallet.wallet };
}

/**
 * Assigns company tokens (default 10, reason 'Asignación manual') to one employee of the HR user's
 * own company; another company's employee does not exist for this caller.
 * @throws NO_COMPANY_ASSIGNED, LARGE_GRANT_UNCONFIRMED; (as the outcome's error body) USER_NOT_FOUND,
 * EMPLOYEE_INACTIVE, IDEMPOTENCY_CONFLICT.
 */
export async function assignCompanyTokens(
  db: Db,
  input: HrAssignCommand,
  actor: Actor,
  idempotencyKey: string | undefined,
): Promise<IdempotentOutcome<AssignResult>> {
  const companyId = companyOf(actor);
  await mustBeConfirmedIfLarge(db, companyId, input.amount, input.confirmLarge);
  return runIdempotent(db, { actorId: actor.id, key: idempotencyKey, operation: 'tokens.company-assign', input }, async (tx) => {
    const employee = mustBeActive(await findEmployee(tx, input.userId, companyId));
    const reason = reasonOr(input.reason, DEFAULT_HR_ASSIGN_REASON);
    const moved = await transfer(tx, companyGrant(employee, companyId, input.amount, reason, actor));
    await recordAssigned(tx, 'company', input.amount, reason, actor, [{ userId: employee.id, companyId, transferId: moved.transferId }]);
    return toAssignResult(employee.id, 'company', moved);
  });
}

/**
 * Assigns company tokens to many employees at once (reason default 'Asignación masiva'), in one
 * transaction: `assigned` counts the active employees of the HR user's company among the ids, and
 * `failedUserIds` lists the rest (inactive ones included) (spec part 2 §8: individual failures are skipped and not counted).
 * A repeated id is assigned once. The grants go through transferAll — every wallet in id order,
 * then the company's issuance account once — so two bulk assignments, or a bulk assignment and a
 * single grant, never lock the issuance account and a wallet in opposite orders.
 * @throws NO_COMPANY_ASSIGNED, LARGE_GRANT_UNCONFIRMED (the amount each, decision 358); (as the
 * outcome's error body) IDEMPOTENCY_CONFLICT.
 */
export async function bulkAssignCompanyTokens(
  db: Db,
  input: HrBulkAssignCommand,
  actor: Actor,
  idempotencyKey: string | undefined,
): Promise<IdempotentOutcome<BulkAssignResult>> {
  const companyId = companyOf(actor);
  const userIds = [...new Set(input.userIds)];
  const reason = reasonOr(input.reason, DEFAULT_HR_BULK_REASON);
  await mustBeConfirmedIfLarge(db, companyId, input.amount, input.confirmLarge);
  return runIdempotent(db, { actorId: actor.id, key: idempotencyKey, operation: 'tokens.company-assign-bulk', input }, async (tx) => {
    const employees = await findEmployees(tx, userIds, companyId);
    const found = userIds.flatMap((userId) => employees.get(userId) ?? []).filter(isActive);
    const moved = await transferAll(tx, found.map((employee) => companyGrant(employee, companyId, input.amount, reason, actor)));
    if (found.length > 0) {
      await recordAssigned(tx, 'company', input.amount, reason, actor, found.map((employee, i) => ({ userId: employee.id, companyId, transferId: moved[i].transferId })));
    }
    const assigned = new Set(found.map((employee) => employee.id));
    return { assigned: found.length, failedUserIds: userIds.filter((userId) => !assigned.has(userId)) };
  });
}

/** The company-token history of the HR user's own company, newest first. @throws NO_COMPANY_ASSIGNED. */
export async function listCompanyTokenHistory(db: Executor, query: Omit<HistoryQuery, 'tokenType'>, actor: Actor): Promise<HistoryPage> {
  return listHistory(db, { companyId: companyOf(actor), ...query });
}

// ───────── reversal of a grant (decision 359) ─────────

/** Which grants a caller may take back: HR its company's company tokens, level 1 flexible tokens. */
type ReversalScope = { tokenType: 'company'; companyId: string } | { tokenType: 'jobby' };

/**
 * Takes one grant back whole, once: the reversing transfer of ledger/service.ts reverseGrant(), in
 * the lock order grant row → wallet → issuance account, and the 'tokens.reversed' event that tells the
 * person. A grant another caller may not reverse does not exist for this one (another company's), or is
 * refused by name (level 1 on company tokens).
 * @throws (as the outcome's error body) GRANT_NOT_FOUND, GRANT_NOT_REVERSIBLE, GRANT_COMPANY_TOKENS_HR_ONLY,
 * GRANT_ALREADY_REVERSED, REVERSAL_EXCEEDS_BALANCE (the wallet holds less than the grant), IDEMPOTENCY_CONFLICT.
 */
async function reverseOneGrant(
  db: Db,
  transferId: number,
  reasonInput: string | null | undefined,
  scope: ReversalScope,
  actor: Actor,
  operation: string,
  idempotencyKey: string | undefined,
): Promise<IdempotentOutcome<ReverseGrantResult>> {
  return runIdempotent(db, { actorId: actor.id, key: idempotencyKey, operation, input: { transferId, reason: reasonInput ?? null } }, async (tx) => {
    const locked = await lockTransferForReversal(tx, transferId);
    const grant = locked?.transfer;
    if (!locked || !grant?.walletUserId) throw new AppError('GRANT_NOT_FOUND');
    if (scope.tokenType === 'company' && (grant.tokenType !== 'company' || grant.walletCompanyId !== scope.companyId)) throw new AppError('GRANT_NOT_FOUND');
    if (grant.kind !== 'grant') throw new AppError('GRANT_NOT_REVERSIBLE');
    if (scope.tokenType === 'jobby' && grant.tokenType === 'company') throw new AppError('GRANT_COMPANY_TOKENS_HR_ONLY');
    if (locked.reversedBy !== null) throw new AppError('GRANT_ALREADY_REVERSED');
    const reason = reasonOr(reasonInput, `Reversión: ${grant.reason ?? 'asignación'}`);
    const moved = await reverseGrant(tx, grant, {
      reason,
      actor: actorRef(actor),
      insufficient: ({ held }) => new AppError('REVERSAL_EXCEEDS_BALANCE', { amount: grant.amount, held }),
    });
    const tokenType = grant.tokenType === 'company' ? 'company' : 'jobby';
    await recordEvent(tx, {
      type: 'tokens.reversed',
      payload: { transferId: moved.transferId, reversesTransferId: grant.id, userId: grant.walletUserId, companyId: grant.walletCompanyId, tokenType, amount: grant.amount, reason, actorName: actor.name },
    });
    return { transferId: moved.transferId, reversesTransferId: grant.id, userId: grant.walletUserId, tokenType, amount: grant.amount, balanceAfter: moved.balanceAfter };
  });
}

/** HR takes back a grant of its company's tokens (single, bulk or monthly). @throws NO_COMPANY_ASSIGNED; as reverseOneGrant. */
export async function reverseCompanyGrant(db: Db, transferId: number, input: { reason?: string | null }, actor: Actor, idempotencyKey: string | undefined) {
  return reverseOneGrant(db, transferId, input.reason, { tokenType: 'company', companyId: companyOf(actor) }, actor, 'tokens.company-reverse', idempotencyKey);
}

/** Level 1 takes back a grant of flexible tokens, of anyone's wallet. Throws as reverseOneGrant. */
export async function reversePlatformGrant(db: Db, transferId: number, input: { reason?: string | null }, actor: Actor, idempotencyKey: string | undefined) {
  return reverseOneGrant(db, transferId, input.reason, { tokenType: 'jobby' }, actor, 'tokens.admin-reverse', idempotencyKey);
}
