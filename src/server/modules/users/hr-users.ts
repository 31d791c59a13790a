/**
 * /level2/users (spec part 2 §2, §4, §5): the company's employees, 'Agregar Usuario', and the status and
 * type toggles. Everything is scoped to the caller's company: another company's user answers 404.
 */
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type RecordStatus, recordStatusOf, type UserType } from '#domain/constants';
import { AppError, type ErrorCode } from '#domain/errors';
import { emailDomainOf } from '#domain/levels';
import { companyUserEmail, type CompanyUser, type CompanyUserList, type companyUserListQuerySchema } from '#domain/schemas/hr';
import { createPasswordAccount } from '../../accounts/create-account';
import type { Db, Executor, Tx } from '../../db/client';
import { companies, invitations, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { companyOf, type Actor } from '../../actor';
import { foreignDomainsAmong } from '../companies/index';
import { issueInvitations, type InvitationMail } from '../invitations/index';
import { disableUser, personColumns } from './service';
import { afterCursor, keysetColumns, newestFirst, type ExportCursor } from '../../lib/keyset';

type CompanyUserListQuery = z.infer<typeof companyUserListQuerySchema>;

const userColumns = {
  ...personColumns,
  userType: users.userType,
  surveyCompleted: users.surveyCompleted,
  createdAt: users.createdAt,
  invitationPending: sql<boolean>`exists (select 1 from ${invitations} where ${invitations.userId} = ${users.id})`,
};

type UserRow = { id: string; name: string; email: string; status: string; userType: string; surveyCompleted: boolean; createdAt: Date; invitationPending: boolean };

function toCompanyUser(row: UserRow): CompanyUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: recordStatusOf(row.status),
    userType: row.userType === 'B' ? 'B' : 'A',
    surveyCompleted: row.surveyCompleted,
    createdAt: row.createdAt.toISOString(),
    invitationPending: Boolean(row.invitationPending),
  };
}

/** Level 2 and 3 accounts of a company: the count its maxUsers limits (decision 73). */
export const companyAccounts = (companyId: string) => and(eq(users.companyId, companyId), inArray(users.level, [2, 3]));
/** The company's employees (level 3): the people HR manages. */
export const companyEmployees = (companyId: string) => and(eq(users.companyId, companyId), eq(users.level, 3));

/** Matches a search box's text in the name or the address. */
const userSearch = (search: string | undefined) =>
  search ? or(ilike(users.name, containsPattern(search)), ilike(users.email, containsPattern(search))) : undefined;

/**
 * A page of the company's employees, newest first, with the company card ('N de {maxUsers}').
 * @throws NO_COMPANY_ASSIGNED; COMPANY_NOT_FOUND.
 */
export async function listCompanyUsers(db: Executor, query: CompanyUserListQuery, actor: Actor): Promise<CompanyUserList> {
  const companyId = companyOf(actor);
  const where = and(companyEmployees(companyId), userSearch(query.search));
  const [rows, [company]] = await Promise.all([
    db.select(userColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(query.limit).offset(query.offset),
    db
      .select({
        name: companies.name,
        emailDomain: companies.emailDomain,
        maxUsers: companies.maxUsers,
        userCount: db.$count(users, companyAccounts(companyId)),
        total: db.$count(users, where),
      })
      .from(companies)
      .where(eq(companies.id, companyId)),
  ]);
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  return {
    items: rows.map(toCompanyUser),
    total: Number(company.total),
    company: { name: company.name, emailDomain: company.emailDomain, maxUsers: company.maxUsers, userCount: Number(company.userCount) },
  };
}

type Domains = { staffDomain: string; providerDomain: string };
/** A typed address turned into a new employee's, or the catalogue's refusal with its parameters. */
export type AddressVerdict = { email: string } | { error: ErrorCode; params?: Record<string, string | number> };

/**
 * The rules a new employee's address must pass (spec part 2 §5), for one form or a whole
 * spreadsheet alike: the company's domain (a bare username gets it; a full address
 * must be of it; decision 72) and no other company's, staff or provider domain. One look-up for all
 * of `typed`; the answer judges each typed text. The unique address and the user limit are checked
 * where the rows are written (createEmployees, addCompanyUser). @throws COMPANY_NOT_FOUND.
 */
export async function employeeAddressRules(db: Executor, companyId: string, typed: string[], domains: Domains) {
  const [company] = await db.select({ emailDomain: companies.emailDomain, name: companies.name }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  const candidates = typed.map((t) => companyUserEmail(t, company.emailDomain));
  const candidateDomains = candidates.flatMap((c) => ('email' in c ? [emailDomainOf(c.email) ?? ''] : [])).filter(Boolean);
  const foreign = await foreignDomainsAmong(db, candidateDomains, companyId, domains);
  const ownDomain = company.emailDomain?.toLowerCase() ?? null;
  return {
    companyName: company.name,
    judge(text: string): AddressVerdict {
      const address = companyUserEmail(text, company.emailDomain);
      if ('error' in address) return { error: address.error, params: { domain: company.emailDomain ?? '' } };
      if (foreign.has(emailDomainOf(address.email) ?? '')) return { error: 'COMPANY_USER_EMAIL_FOREIGN_DOMAIN' };
      return address;
    },
    /** Only an address of the company's own domain is vouched for by HR; any other is confirmed by its owner by mail. */
    vouchedFor: (email: string) => ownDomain !== null && emailDomainOf(email) === ownDomain,
  };
}

/**
 * Locks the company row and counts its accounts (the count maxUsers limits): concurrent adds and
 * imports queue on that lock, so together they cannot pass maxUsers. Returns how many more fit.
 * @throws COMPANY_NOT_FOUND.
 */
export async function lockUserRoom(tx: Tx, companyId: string): Promise<{ maxUsers: number; userCount: number; free: number }> {
  const [locked] = await tx.select({ maxUsers: companies.maxUsers }).from(companies).where(eq(companies.id, companyId)).for('update');
  if (!locked) throw new AppError('COMPANY_NOT_FOUND');
  const userCount = await tx.$count(users, companyAccounts(companyId));
  return { maxUsers: locked.maxUsers, userCount, free: Math.max(0, locked.maxUsers - userCount) };
}

/**
 * 'Agregar Usuario': a level 3, type A account of the caller's company, survey pending, created on
 * the server (HR stays signed in as themself). The user limit is counted inside the creating
 * transaction with the company row locked (lockUserRoom). With `password: null` it is an invitation
 * (decision 212): no password, and the link's mail is returned to be sent after COMMIT.
 * @throws NO_COMPANY_ASSIGNED; COMPANY_NOT_FOUND; COMPANY_DOMAIN_MISSING, COMPANY_EMAIL_MISMATCH,
 *   REGISTER_INVALID_EMAIL (the address); COMPANY_USER_EMAIL_FOREIGN_DOMAIN; COMPANY_USER_LIMIT;
 *   COMPANY_USER_EMAIL_IN_USE. The answer says whether the address was taken as verified.
 */
export async function addCompanyUser(
  db: Db,
  input: { name: string; email: string; password: string | null },
  actor: Actor,
  domains: Domains,
): Promise<CompanyUser & { emailVerified: boolean; invitation: InvitationMail | null }> {
  const companyId = companyOf(actor);
  const rules = await employeeAddressRules(db, companyId, [input.email], domains);
  const address = rules.judge(input.email);
  if ('error' in address) throw new AppError(address.error, address.params);
  const emailVerified = rules.vouchedFor(address.email);
  let created: { id: string };
  let invitation: InvitationMail | null = null;
  try {
    created = await createPasswordAccount(
      db,
      { name: input.name, email: address.email, password: input.password, level: 3, companyId, createdBy: actor.id, emailVerified },
      {
        beforeInsert: async (tx) => {
          const room = await lockUserRoom(tx, companyId);
          if (room.free < 1) throw new AppError('COMPANY_USER_LIMIT', { maxUsers: room.maxUsers });
        },
        afterInsert: async (tx, id) => {
          if (input.password === null) [invitation] = await issueInvitations(tx, [{ id, email: address.email, name: input.name }], actor.id, rules.companyName);
        },
      },
    );
  } catch (error) {
    // Spec part 2 §5's own text for a duplicate address on this screen.
    if (error instanceof AppError && error.code === 'EMAIL_IN_USE') throw new AppError('COMPANY_USER_EMAIL_IN_USE');
    throw error;
  }
  return { ...(await getCompanyEmployee(db, created.id, actor)), emailVerified, invitation };
}

/** One employee of the caller's company. @throws NO_COMPANY_ASSIGNED; USER_NOT_FOUND (also another company's). */
async function getCompanyEmployee(db: Executor, userId: string, actor: Actor): Promise<CompanyUser> {
  const [row] = await db.select(userColumns).from(users).where(and(eq(users.id, userId), companyEmployees(companyOf(actor))));
  if (!row) throw new AppError('USER_NOT_FOUND');
  return toCompanyUser(row);
}

/**
 * Activates or deactivates an employee (spec part 2 §4, after a confirmation on the screen). Deactivating
 * ends the person's open sessions at once (disableUser), and sign-in then answers 'Esta cuenta ha
 * sido deshabilitada.'. @throws NO_COMPANY_ASSIGNED; USER_NOT_FOUND.
 */
export async function setCompanyUserStatus(db: Db, input: { id: string; status: RecordStatus }, actor: Actor): Promise<CompanyUser> {
  await getCompanyEmployee(db, input.id, actor);
  if (input.status === 'inactive') await disableUser(db, input.id, actor.id);
  else await db.update(users).set({ status: 'active', updatedAt: new Date(), updatedBy: actor.id }).where(eq(users.id, input.id));
  return getCompanyEmployee(db, input.id, actor);
}

/**
 * Switches an employee between type A and B (spec part 2 §4, no confirmation): while the survey is
 * pending, the person is then sent to the survey of the new type. @throws NO_COMPANY_ASSIGNED; USER_NOT_FOUND.
 */
export async function setCompanyUserType(db: Executor, input: { id: string; userType: UserType }, actor: Actor): Promise<CompanyUser> {
  const [row] = await db
    .update(users)
    .set({ userType: input.userType, updatedAt: new Date(), updatedBy: actor.id })
    .where(and(eq(users.id, input.id), companyEmployees(companyOf(actor))))
    .returning(userColumns);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return toCompanyUser(row);
}

/** The users export's rows in batches along users(company_id, level, created_at), newest first. */
export async function companyUserBatch(db: Executor, companyId: string, after: ExportCursor | null, size: number) {
  return db
    .select({ ...userColumns, phone: users.phone, ...keysetColumns(users.createdAt, users.id) })
    .from(users)
    .where(and(companyEmployees(companyId), afterCursor(users.createdAt, users.id, after)))
    .orderBy(...newestFirst(users.createdAt, users.id))
    .limit(size);
}
