/**
 * Company (internal) benefits managed by HR (level 2, spec part 2 §2 "/level2/benefits", §3, §5).
 * Every function works inside the actor's own company, taken from the session: another company's
 * benefit answers BENEFIT_NOT_FOUND, as if it did not exist (ARCHITECTURE §5).
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '#domain/errors';
import { blankToNull } from '#domain/text';
import { type RecordStatus, recordStatusOf } from '#domain/constants';
import type { CompanyBenefit, companyBenefitInputSchema, companyBenefitListQuerySchema, companyBenefitUpdateSchema } from '#domain/schemas/economy';
import type { Executor } from '../../db/client';
import { companyBenefits } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { companyOf, type Actor } from '../../actor';
import { linkedProvider } from '../providers/index';

type CompanyBenefitCreate = z.infer<typeof companyBenefitInputSchema>;
type CompanyBenefitEdit = z.infer<typeof companyBenefitUpdateSchema> & { id: string };
type CompanyBenefitListQuery = z.infer<typeof companyBenefitListQuerySchema>;

type Row = typeof companyBenefits.$inferSelect;

/** The row as HR reads it: everything but the company and the authors, with the status and times typed. */
function toCompanyBenefit({ companyId: _company, createdBy: _creator, updatedBy: _editor, status, createdAt, updatedAt, ...fields }: Row): CompanyBenefit {
  return { ...fields, status: recordStatusOf(status), createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** The columns a create writes (the schema has applied its defaults). */
function createdColumns(input: CompanyBenefitCreate) {
  return {
    title: input.title,
    description: input.description,
    category: blankToNull(input.category),
    image: blankToNull(input.image),
    tokenCost: input.tokenCost,
    availableTokens: input.availableTokens,
    limitPerUser: input.limitPerUser,
    startDate: input.startDate ?? null,
    endDate: input.endDate ?? null,
    requiresApproval: input.requiresApproval,
  };
}

/**
 * The columns an edit writes: only those of the fields sent (PATCH semantics, decision 42); a
 * field sent as null clears its column. availableTokens sent is the explicit restock.
 */
function editedColumns(input: CompanyBenefitEdit): Partial<typeof companyBenefits.$inferInsert> {
  const set: Partial<typeof companyBenefits.$inferInsert> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.description !== undefined) set.description = input.description;
  if (input.category !== undefined) set.category = blankToNull(input.category);
  if (input.image !== undefined) set.image = blankToNull(input.image);
  if (input.tokenCost !== undefined) set.tokenCost = input.tokenCost;
  if (input.availableTokens !== undefined) set.availableTokens = input.availableTokens;
  if (input.limitPerUser !== undefined) set.limitPerUser = input.limitPerUser;
  if (input.startDate !== undefined) set.startDate = input.startDate;
  if (input.endDate !== undefined) set.endDate = input.endDate;
  if (input.requiresApproval !== undefined) set.requiresApproval = input.requiresApproval;
  return set;
}

/** The benefit `id` only when it belongs to `companyId`: scoping is part of every WHERE. */
function ownBenefit(companyId: string, id: string): SQL {
  return and(eq(companyBenefits.id, id), eq(companyBenefits.companyId, companyId)) as SQL;
}

/**
 * A page of the actor's company benefits, newest first, filtered by status and a search in title or description.
 * @throws NO_COMPANY_ASSIGNED when the actor has no company.
 */
export async function listCompanyBenefits(db: Executor, query: CompanyBenefitListQuery, actor: Actor): Promise<{ items: CompanyBenefit[]; total: number }> {
  const companyId = companyOf(actor);
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : null;
  const where = and(
    eq(companyBenefits.companyId, companyId),
    query.status ? eq(companyBenefits.status, query.status) : undefined,
    pattern ? or(ilike(companyBenefits.title, pattern), ilike(companyBenefits.description, pattern)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(companyBenefits).where(where).orderBy(desc(companyBenefits.createdAt), desc(companyBenefits.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(companyBenefits).where(where),
  ]);
  return { items: rows.map(toCompanyBenefit), total };
}

/**
 * Creates an active benefit of the actor's company (spec part 2 §4).
 * @throws NO_COMPANY_ASSIGNED when the actor has no company.
 * @throws INVALID_PROVIDER when providerUserId is not a level 4 user.
 */
export async function createCompanyBenefit(db: Executor, input: CompanyBenefitCreate, actor: Actor): Promise<CompanyBenefit> {
  const companyId = companyOf(actor);
  const providerUserId = await linkedProvider(db, input.providerUserId);
  const [row] = await db
    .insert(companyBenefits)
    .values({ ...createdColumns(input), providerUserId, companyId, status: 'active', createdBy: actor.id, updatedBy: actor.id })
    .returning();
  return toCompanyBenefit(row);
}

/**
 * Edits a benefit of the actor's company, changing only the fields given (PATCH). One date sent
 * is checked against the other one stored, in the same statement, so the window stays in order.
 * @throws NO_COMPANY_ASSIGNED when the actor has no company.
 * @throws BENEFIT_NOT_FOUND when the benefit does not exist or belongs to another company.
 * @throws BENEFIT_DATES_OUT_OF_ORDER when the edited window would end before it starts.
 * @throws INVALID_PROVIDER when providerUserId is not a level 4 user.
 */
export async function updateCompanyBenefit(db: Executor, input: CompanyBenefitEdit, actor: Actor): Promise<CompanyBenefit> {
  const companyId = companyOf(actor);
  const set = editedColumns(input);
  // A new provider affects future redemptions only: requests already paid keep theirs.
  if (input.providerUserId !== undefined) set.providerUserId = await linkedProvider(db, input.providerUserId);
  const start = set.startDate === undefined ? companyBenefits.startDate : sql`${set.startDate}::date`;
  const end = set.endDate === undefined ? companyBenefits.endDate : sql`${set.endDate}::date`;
  const datesInOrder = sql`(${start} is null or ${end} is null or ${start} <= ${end})`;
  const [row] = await db
    .update(companyBenefits)
    .set({ ...set, updatedBy: actor.id, updatedAt: new Date() })
    .where(and(ownBenefit(companyId, input.id), datesInOrder))
    .returning();
  if (row) return toCompanyBenefit(row);
  const [exists] = await db.select({ id: companyBenefits.id }).from(companyBenefits).where(ownBenefit(companyId, input.id));
  throw new AppError(exists ? 'BENEFIT_DATES_OUT_OF_ORDER' : 'BENEFIT_NOT_FOUND');
}

/**
 * Activates or deactivates a benefit of the actor's company (spec part 2 §4).
 * @throws NO_COMPANY_ASSIGNED when the actor has no company.
 * @throws BENEFIT_NOT_FOUND when the benefit does not exist or belongs to another company.
 */
export async function setCompanyBenefitStatus(db: Executor, input: { id: string; status: RecordStatus }, actor: Actor): Promise<CompanyBenefit> {
  const companyId = companyOf(actor);
  const [row] = await db
    .update(companyBenefits)
    .set({ status: input.status, updatedBy: actor.id, updatedAt: new Date() })
    .where(ownBenefit(companyId, input.id))
    .returning();
  if (!row) throw new AppError('BENEFIT_NOT_FOUND');
  return toCompanyBenefit(row);
}
