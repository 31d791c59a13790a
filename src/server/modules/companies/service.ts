import { companyDomainProblem, domainAndParents, owningDomain } from '#domain/company-domain';
import { and, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type RecordStatus, recordStatusOf } from '#domain/constants';
import { AppError } from '#domain/errors';
import { emailDomainOf, isProviderEmail, isStaffEmail } from '#domain/levels';
import type { Company, CompanyAdmin, companyInputSchema, companyListQuerySchema, companyUpdateSchema } from '#domain/schemas/companies';
import { blankToNull } from '#domain/text';
import type { Actor } from '../../actor';
import { createPasswordAccount } from '../../accounts/create-account';
import { issueInvitations, type InvitationMail } from '../invitations/index';
import type { Executor } from '../../db/client';
import { violatedUniqueConstraint } from '../../db/errors';
import { companies } from '../../db/schema';
import { containsPattern } from '../../db/search';

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

// ───────── level 1: the companies screen (spec part 1 §2 "Companies", §5) ─────────

type CompanyRow = typeof companies.$inferSelect;
type CompanyListQuery = z.infer<typeof companyListQuerySchema>;
type CompanyCreate = z.infer<typeof companyInputSchema>;
type CompanyEdit = z.infer<typeof companyUpdateSchema>;

/** Level 2 and 3 accounts of the company: one index range of users_company_level_idx per row. */
// Written out in full: drizzle leaves columns unqualified in a one-table select, and "id" would be the user's.
const userCount = sql<number>`(select count(*)::int from users u where u.company_id = companies.id and u.level in (2, 3))`;

function toCompany(row: CompanyRow & { userCount: number }): Company {
  return {
    id: row.id,
    name: row.name,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    address: row.address,
    emailDomain: row.emailDomain,
    maxUsers: row.maxUsers,
    monthlyJobbyTokens: row.monthlyJobbyTokens,
    status: recordStatusOf(row.status),
    userCount: row.userCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function companyById(db: Executor, id: string): Promise<Company> {
  const [row] = await db.select({ ...getTableColumns(companies), userCount }).from(companies).where(eq(companies.id, id));
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  return toCompany(row);
}

type PlatformDomains = { staffDomain: string; providerDomain: string };

/** A company's email domain may be neither webmail nor the platform's own. */
function refuseForeignDomain(domain: string | null | undefined, domains: PlatformDomains) {
  if (!domain) return;
  const problem = companyDomainProblem(domain, domains);
  if (problem === 'webmail') throw new AppError('COMPANY_DOMAIN_WEBMAIL');
  if (problem === 'platform') throw new AppError('COMPANY_DOMAIN_RESERVED');
}

/** Runs a write, answering a clash on the name or the email domain in Spanish. */
async function withUniqueMessages<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === 'companies_email_domain_lower_key') throw new AppError('COMPANY_DOMAIN_IN_USE');
    if (constraint !== null) throw new AppError('COMPANY_NAME_IN_USE');
    throw error;
  }
}

/** A page of companies, newest first, searched in name, contact, contact email and domain. Throws nothing. */
export async function listCompanies(db: Executor, query: CompanyListQuery): Promise<{ items: Company[]; total: number }> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where: SQL | undefined = and(
    query.status ? eq(companies.status, query.status) : undefined,
    pattern
      ? or(ilike(companies.name, pattern), ilike(companies.contactName, pattern), ilike(companies.contactEmail, pattern), ilike(companies.emailDomain, pattern))
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select({ ...getTableColumns(companies), userCount }).from(companies).where(where).orderBy(desc(companies.createdAt), desc(companies.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { items: rows.map(toCompany), total };
}

/**
 * Creates an active company (spec part 1 §5 "Company form").
 * @throws COMPANY_NAME_IN_USE, COMPANY_DOMAIN_IN_USE on a clash (both compared case-insensitively);
 *   COMPANY_DOMAIN_WEBMAIL, COMPANY_DOMAIN_RESERVED (companyDomainProblem).
 */
export async function createCompany(db: Executor, input: CompanyCreate, _actor: Actor, domains: PlatformDomains): Promise<Company> {
  refuseForeignDomain(input.emailDomain, domains);
  const [row] = await withUniqueMessages(() =>
    db
      .insert(companies)
      .values({
        name: input.name,
        contactName: input.contactName,
        contactEmail: input.contactEmail,
        contactPhone: blankToNull(input.contactPhone),
        address: blankToNull(input.address),
        emailDomain: input.emailDomain ?? null,
        maxUsers: input.maxUsers,
        monthlyJobbyTokens: input.monthlyJobbyTokens,
        status: 'active',
      })
      .returning({ id: companies.id }),
  );
  return companyById(db, row.id);
}

/**
 * Edits a company with PATCH semantics: a field left out keeps its value; an optional text sent
 * blank (or null) is cleared.
 * @throws COMPANY_NOT_FOUND, COMPANY_NAME_IN_USE, COMPANY_DOMAIN_IN_USE, COMPANY_DOMAIN_WEBMAIL, COMPANY_DOMAIN_RESERVED.
 */
export async function updateCompany(db: Executor, input: CompanyEdit & { id: string }, _actor: Actor, domains: PlatformDomains): Promise<Company> {
  refuseForeignDomain(input.emailDomain, domains);
  const changes: Partial<typeof companies.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.contactName !== undefined) changes.contactName = input.contactName;
  if (input.contactEmail !== undefined) changes.contactEmail = input.contactEmail;
  if (input.contactPhone !== undefined) changes.contactPhone = blankToNull(input.contactPhone);
  if (input.address !== undefined) changes.address = blankToNull(input.address);
  if (input.maxUsers !== undefined) changes.maxUsers = input.maxUsers;
  if (input.monthlyJobbyTokens !== undefined) changes.monthlyJobbyTokens = input.monthlyJobbyTokens;
  if (input.emailDomain !== undefined) changes.emailDomain = input.emailDomain;
  const updated = await withUniqueMessages(() =>
    db.update(companies).set({ ...changes, updatedAt: new Date() }).where(eq(companies.id, input.id)).returning({ id: companies.id }),
  );
  if (updated.length === 0) throw new AppError('COMPANY_NOT_FOUND');
  return companyById(db, input.id);
}

/**
 * Activates or deactivates a company (spec part 1 §2). What an inactive company's people can still do:
 * decisions 15 and 36.
 * @throws COMPANY_NOT_FOUND.
 */
export async function setCompanyStatus(db: Executor, input: { id: string; status: RecordStatus }, _actor: Actor): Promise<Company> {
  const updated = await db.update(companies).set({ status: input.status, updatedAt: new Date() }).where(eq(companies.id, input.id)).returning({ id: companies.id });
  if (updated.length === 0) throw new AppError('COMPANY_NOT_FOUND');
  return companyById(db, input.id);
}

/**
 * Neither HR (a new employee) nor level 1 (a company's HR admin) may create an account at another
 * company's email domain, at the staff or at the provider domain: the real owner
 * would then be refused on registration and by their own HR.
 * @throws COMPANY_USER_EMAIL_FOREIGN_DOMAIN
 */
export async function refuseForeignAddress(db: Executor, email: string, companyId: string, domains: { staffDomain: string; providerDomain: string }) {
  const domain = emailDomainOf(email);
  if (domain && (await foreignDomainsAmong(db, [domain], companyId, domains)).has(domain)) throw new AppError('COMPANY_USER_EMAIL_FOREIGN_DOMAIN');
}

/**
 * Which of `emailDomains` (lower-case) refuseForeignAddress refuses for `companyId`: the staff and
 * provider domains and any other company's, each with its subdomains (`x@sub.andes.cl` is Andes'
 * mail) unless a more specific one is this company's own. One look-up for a whole
 * spreadsheet.
 */
export async function foreignDomainsAmong(
  db: Executor,
  emailDomains: string[],
  companyId: string,
  domains: { staffDomain: string; providerDomain: string },
): Promise<Set<string>> {
  const reserved = new Set([domains.staffDomain.toLowerCase(), domains.providerDomain.toLowerCase()]);
  const foreign = new Set(emailDomains.filter((d) => owningDomain(d, reserved) !== null));
  const others = [...new Set(emailDomains)].filter((d) => !foreign.has(d));
  if (others.length === 0) return foreign;
  const rows = await db
    .select({ domain: sql<string>`lower(${companies.emailDomain})`, companyId: companies.id })
    .from(companies)
    .where(inArray(sql`lower(${companies.emailDomain})`, [...new Set(others.flatMap(domainAndParents))]));
  const ownerOf = new Map(rows.map((row) => [row.domain, row.companyId]));
  for (const domain of others) {
    const owner = owningDomain(domain, new Set(ownerOf.keys()));
    if (owner !== null && ownerOf.get(owner) !== companyId) foreign.add(domain);
  }
  return foreign;
}

/**
 * Creates an HR admin (level 2) of the company the operator chose — not of whatever company its
 * address's domain names — with a verified address, leaving the operator's session alone
 * (spec part 1 §5 "Company admin creation").
 * @throws COMPANY_NOT_FOUND; ADMIN_EMAIL_RESERVED_DOMAIN for an address in the staff or provider
 *   domain (it would also be staff or a provider); EMAIL_IN_USE.
 */
export async function createCompanyAdmin(
  db: Executor,
  input: { name: string; email: string; password: string | null; companyId: string },
  actor: Actor,
  domains: { staffDomain: string; providerDomain: string },
): Promise<CompanyAdmin & { invitation: InvitationMail | null }> {
  if (isStaffEmail(input.email, domains.staffDomain) || isProviderEmail(input.email, domains.providerDomain)) throw new AppError('ADMIN_EMAIL_RESERVED_DOMAIN');
  const company = await companyById(db, input.companyId);
  // An HR admin at another company's domain would squat that company's address.
  await refuseForeignAddress(db, input.email, input.companyId, domains);
  let invitation: InvitationMail | null = null;
  const { id } = await createPasswordAccount(
    db,
    { name: input.name, email: input.email, password: input.password, level: 2, companyId: input.companyId, createdBy: actor.id },
    {
      // With no password it is an invitation (decision 212): the link's mail goes after COMMIT.
      afterInsert: async (tx, newId) => {
        if (input.password === null) [invitation] = await issueInvitations(tx, [{ id: newId, email: input.email, name: input.name }], actor.id, company.name);
      },
    },
  );
  return { id, name: input.name, email: input.email, level: 2, companyId: input.companyId, invitation };
}

