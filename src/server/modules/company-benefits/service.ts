/**
 * Company (internal) benefits managed by HR (level 2, part 2 §2 "/level2/benefits", §3, §5).
 * Every function works inside the actor's own company, taken from the session: another company's
 * benefit answers BENEFIT_NOT_FOUND, as if it did not exist (ARCHITECTURE §5).
 */
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { blankToNull } from '../../../domain/text';
import type { RecordStatus } from '../../../domain/constants';
import type {
  CompanyBenefit,
  companyBenefitInputSchema,
  companyBenefitListQuerySchema,
  companyBenefitUpdateSchema,
} from '../../../domain/schemas/economy';
import type { Actor } from '../../auth/actor';
import type { Executor } from '../../db/client';
import { companyBenefits } from '../../db/schema';
import { containsPattern } from '../ledger/service';
import { companyOf } from '../../http/access';

export type CompanyBenefitCreate = z.infer<typeof companyBenefitInputSchema>;
export type CompanyBenefitEdit = z.infer<typeof companyBenefitUpdateSchema> & { id: string };
export type CompanyBenefitListQuery = z.infer<typeof companyBenefitListQuerySchema>;

type Row = typeof companyBenefits.$inferSelect;

export function toCompanyBenefit(row: Row): CompanyBenefit {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    image: row.image,
    tokenCost: row.tokenCost,
    availableTokens: row.availableTokens,
    limitPerUser: row.limitPerUser,
    startDate: row.startDate,
    endDate: row.endDate,
    requiresApproval: row.requiresApproval,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function editableFields(input: CompanyBenefitCreate | CompanyBenefitEdit) {
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
 * Creates an active benefit of the actor's company (part 2 §4).
 * @throws NO_COMPANY_ASSIGNED when the actor has no company.
 */
export async function createCompanyBenefit(db: Executor, input: CompanyBenefitCreate, actor: Actor): Promise<CompanyBenefit> {
  const companyId = companyOf(actor);
  const [row] = await db
    .insert(companyBenefits)
    .values({ ...editableFields(input), companyId, status: 'active', createdBy: actor.id, updatedBy: actor.id })
    .returning();
  return toCompanyBenefit(row);
}

/**
 * Edits a benefit of the actor's company; availableTokens sets how many redemptions are left.
 * @throws NO_COMPANY_ASSIGNED when the actor has no company.
 * @throws BENEFIT_NOT_FOUND when the benefit does not exist or belongs to another company.
 */
export async function updateCompanyBenefit(db: Executor, input: CompanyBenefitEdit, actor: Actor): Promise<CompanyBenefit> {
  const companyId = companyOf(actor);
  const [row] = await db
    .update(companyBenefits)
    .set({ ...editableFields(input), updatedBy: actor.id, updatedAt: new Date() })
    .where(ownBenefit(companyId, input.id))
    .returning();
  if (!row) throw new AppError('BENEFIT_NOT_FOUND');
  return toCompanyBenefit(row);
}

/**
 * Activates or deactivates a benefit of the actor's company (part 2 §4).
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
