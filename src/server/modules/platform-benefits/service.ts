/**
 * Platform benefits (level 1, spec part 1 §2 "Platform benefits", §3, §5): the catalogue of flexible-token
 * benefits. Stock "0 = unlimited" in the form is stored as NULL, so a stock counted down to 0 by
 * redemptions reads as sold out, never as unlimited.
 */
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '#domain/errors';
import { blankToNull } from '#domain/text';
import { type RecordStatus, recordStatusOf } from '#domain/constants';
import type { PlatformBenefit, platformBenefitInputSchema, platformBenefitListQuerySchema, platformBenefitUpdateSchema } from '#domain/schemas/economy';
import type { Actor } from '../../actor';
import type { Executor } from '../../db/client';
import { platformBenefits } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { linkedProvider } from '../providers/index';

type PlatformBenefitCreate = z.infer<typeof platformBenefitInputSchema>;
type PlatformBenefitEdit = z.infer<typeof platformBenefitUpdateSchema> & { id: string };
type PlatformBenefitListQuery = z.infer<typeof platformBenefitListQuerySchema>;

type Row = typeof platformBenefits.$inferSelect;

/** The row as the catalogue reads it: everything but its author, with the type, status and times typed. */
function toPlatformBenefit({ createdBy: _creator, type, status, createdAt, updatedAt, ...fields }: Row): PlatformBenefit {
  return { ...fields, type: type as PlatformBenefit['type'], status: recordStatusOf(status), createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** The form's stock (0 = unlimited, spec part 1 §9) as the stored units remaining (null = unlimited). */
function stockRemainingOf(stock: number): number | null {
  return stock === 0 ? null : stock;
}

/** The columns a create writes (the schema has applied its defaults). */
function createdColumns(input: PlatformBenefitCreate) {
  return {
    title: input.title,
    description: input.description,
    type: input.type,
    value: blankToNull(input.value),
    providerName: blankToNull(input.providerName),
    category: blankToNull(input.category),
    image: blankToNull(input.image),
    isHighlighted: input.isHighlighted,
    tokenCost: input.tokenCost,
    stockRemaining: stockRemainingOf(input.stock),
    limitPerUser: input.limitPerUser,
  };
}

/**
 * The columns an edit writes: only those of the fields sent (PATCH semantics, decision 42); a
 * field sent as null clears its column. A stock sent is the explicit restock.
 */
function editedColumns(input: PlatformBenefitEdit): Partial<typeof platformBenefits.$inferInsert> {
  const set: Partial<typeof platformBenefits.$inferInsert> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.description !== undefined) set.description = input.description;
  if (input.type !== undefined) set.type = input.type;
  if (input.value !== undefined) set.value = blankToNull(input.value);
  if (input.providerName !== undefined) set.providerName = blankToNull(input.providerName);
  if (input.category !== undefined) set.category = blankToNull(input.category);
  if (input.image !== undefined) set.image = blankToNull(input.image);
  if (input.isHighlighted !== undefined) set.isHighlighted = input.isHighlighted;
  if (input.tokenCost !== undefined) set.tokenCost = input.tokenCost;
  if (input.stock !== undefined) set.stockRemaining = stockRemainingOf(input.stock);
  if (input.limitPerUser !== undefined) set.limitPerUser = input.limitPerUser;
  return set;
}

/** A page of platform benefits, newest first, filtered by status and a search in title, description or provider. Throws nothing. */
export async function listPlatformBenefits(db: Executor, query: PlatformBenefitListQuery): Promise<{ items: PlatformBenefit[]; total: number }> {
  const search = query.search?.trim();
  const pattern = search ? containsPattern(search) : null;
  const where: SQL | undefined = and(
    query.status ? eq(platformBenefits.status, query.status) : undefined,
    pattern
      ? or(ilike(platformBenefits.title, pattern), ilike(platformBenefits.description, pattern), ilike(platformBenefits.providerName, pattern))
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(platformBenefits).where(where).orderBy(desc(platformBenefits.createdAt), desc(platformBenefits.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(platformBenefits).where(where),
  ]);
  return { items: rows.map(toPlatformBenefit), total };
}

/**
 * Creates an active platform benefit (spec part 1 §4).
 * @throws INVALID_PROVIDER when providerUserId is not a level 4 user.
 */
export async function createPlatformBenefit(db: Executor, input: PlatformBenefitCreate, actor: Actor): Promise<PlatformBenefit> {
  const providerUserId = await linkedProvider(db, input.providerUserId);
  const [row] = await db
    .insert(platformBenefits)
    .values({ ...createdColumns(input), providerUserId, status: 'active', createdBy: actor.id })
    .returning();
  return toPlatformBenefit(row);
}

/**
 * Edits a platform benefit, changing only the fields given (PATCH): a stock given sets the units
 * remaining (0 = unlimited), a stock left out keeps them; a provider given as null unlinks it.
 * A new provider affects future redemptions only: requests already paid keep theirs.
 * @throws BENEFIT_NOT_FOUND when there is no benefit with that id.
 * @throws INVALID_PROVIDER when providerUserId is not a level 4 user.
 */
export async function updatePlatformBenefit(db: Executor, input: PlatformBenefitEdit): Promise<PlatformBenefit> {
  const set = editedColumns(input);
  if (input.providerUserId !== undefined) set.providerUserId = await linkedProvider(db, input.providerUserId);
  const [row] = await db
    .update(platformBenefits)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(platformBenefits.id, input.id))
    .returning();
  if (!row) throw new AppError('BENEFIT_NOT_FOUND');
  return toPlatformBenefit(row);
}

/**
 * Activates or deactivates a platform benefit (spec part 1 §4). An inactive benefit cannot be redeemed;
 * codes already issued stay valid.
 * @throws BENEFIT_NOT_FOUND when there is no benefit with that id.
 */
export async function setPlatformBenefitStatus(db: Executor, input: { id: string; status: RecordStatus }): Promise<PlatformBenefit> {
  const [row] = await db
    .update(platformBenefits)
    .set({ status: input.status, updatedAt: new Date() })
    .where(eq(platformBenefits.id, input.id))
    .returning();
  if (!row) throw new AppError('BENEFIT_NOT_FOUND');
  return toPlatformBenefit(row);
}
