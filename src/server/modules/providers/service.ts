/**
 * Provider users (level 4): level 1's providers screen (spec part 1 §2 "Providers", §5), and what the rest
 * of the economy needs of them — options to link a benefit to the provider who fulfils it, and the
 * checks on that link.
 */
import { and, asc, count, desc, eq, ilike, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type RecordStatus, recordStatusOf } from '#domain/constants';
import { AppError } from '#domain/errors';
import { blankToNull } from '#domain/text';
import type { Provider, providerInputSchema, providerListQuerySchema, providerUpdateSchema } from '#domain/schemas/admin';
import type { ProviderOption } from '#domain/schemas/economy';
import type { Actor } from '../../actor';
import { createPasswordAccount } from '../../accounts/create-account';
import { issueInvitations, type InvitationMail } from '../invitations/index';
import type { Db, Executor } from '../../db/client';
import { users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { personColumns, revokeUserSessions } from '../users/index';

/** A select box, not a report: enough for every provider a platform realistically links. */
const PROVIDER_OPTIONS_MAX = 200;

const PROVIDER_LEVEL = 4;

/**
 * Level 4 users ordered by name, case-insensitively whatever the database collation (at most 200),
 * for the platform benefit form. Throws nothing.
 */
export async function listProviderOptions(db: Executor): Promise<ProviderOption[]> {
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(eq(users.level, PROVIDER_LEVEL))
    .orderBy(sql`lower(${users.name})`, asc(users.id))
    .limit(PROVIDER_OPTIONS_MAX);
  return rows.map((row) => ({ ...row, status: recordStatusOf(row.status) }));
}

/**
 * Checks that `userId` is a provider (level 4) user, so a benefit is never linked to an employee
 * or to nobody; an inactive provider may still be linked (it can be reactivated).
 * @throws INVALID_PROVIDER when no level 4 user has that id.
 */
async function assertProviderUser(db: Executor, userId: string): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.level, PROVIDER_LEVEL)));
  if (!row) throw new AppError('INVALID_PROVIDER');
}

/**
 * The provider a benefit names, as stored: null when none is given, otherwise a checked level 4 user.
 * @throws INVALID_PROVIDER when an id is given and is not a level 4 user.
 */
export async function linkedProvider(db: Executor, providerUserId: string | null | undefined): Promise<string | null> {
  const id = blankToNull(providerUserId);
  if (id) await assertProviderUser(db, id);
  return id;
}

/**
 * SQL that holds while `providerId` is an active provider (level 4) user. It goes into the
 * statement that acts for the provider, so one disabled after its session was checked is refused
 * by that same statement, with no read of its own.
 */
export function activeProviderCondition(providerId: string | Placeholder): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${providerId} and ${users.level} = ${PROVIDER_LEVEL} and ${users.status} = 'active')`;
}

// ───────── level 1: the providers screen ─────────

type ProviderCreate = z.infer<ReturnType<typeof providerInputSchema>>;
type ProviderEdit = z.infer<typeof providerUpdateSchema> & { id: string };
type ProviderListQuery = z.infer<typeof providerListQuerySchema>;

const providerColumns = {
  ...personColumns,
  category: users.providerCategory,
  description: users.providerDescription,
  contactPhone: users.contactPhone,
  address: users.providerAddress,
  instructions: users.providerInstructions,
  createdAt: users.createdAt,
};

function toProvider(row: Omit<Provider, 'status' | 'createdAt'> & { status: string; createdAt: Date }): Provider {
  return { ...row, status: recordStatusOf(row.status), createdAt: row.createdAt.toISOString() };
}

async function providerById(db: Executor, id: string): Promise<Provider> {
  const [row] = await db.select(providerColumns).from(users).where(and(eq(users.id, id), eq(users.level, PROVIDER_LEVEL)));
  if (!row) throw new AppError('PROVIDER_NOT_FOUND');
  return toProvider(row);
}

/** A page of providers, newest first, searched in name, email and category. Throws nothing. */
export async function listProviders(db: Executor, query: ProviderListQuery): Promise<{ items: Provider[]; total: number }> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = and(
    eq(users.level, PROVIDER_LEVEL),
    query.status ? eq(users.status, query.status) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.providerCategory, pattern)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select(providerColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toProvider), total };
}

/**
 * Creates a provider account (level 4, no company) on the server: the operator's session is never
 * involved (spec part 1 §7 had the browser sign up as the new user). The address was checked against the
 * provider domain by the input schema.
 * @throws EMAIL_IN_USE.
 */
export async function createProvider(
  db: Db,
  input: Omit<ProviderCreate, 'password'> & { password: string | null },
  actor: Actor,
): Promise<Provider & { invitation: InvitationMail | null }> {
  let invitation: InvitationMail | null = null;
  const { id } = await createPasswordAccount(
    db,
    {
      name: input.name,
      email: input.email,
      password: input.password,
      level: PROVIDER_LEVEL,
      companyId: null,
      createdBy: actor.id,
      extra: {
        status: input.status,
        providerCategory: blankToNull(input.category),
        providerDescription: blankToNull(input.description),
        contactPhone: blankToNull(input.contactPhone),
        providerAddress: blankToNull(input.address),
        providerInstructions: blankToNull(input.instructions),
      },
    },
    {
      // With no password it is an invitation (decision 212): the link's mail goes after COMMIT.
      afterInsert: async (tx, newId) => {
        if (input.password === null) [invitation] = await issueInvitations(tx, [{ id: newId, email: input.email, name: input.name }], actor.id, null);
      },
    },
  );
  return { ...(await providerById(db, id)), invitation };
}

/**
 * Edits a provider with PATCH semantics (the email never changes, spec part 1 §5). Setting it inactive
 * ends its sessions in the same transaction: it cannot sign in ('Esta cuenta ha sido deshabilitada.')
 * nor verify codes (activeProviderCondition) from its next request on.
 * @throws PROVIDER_NOT_FOUND when the id is not a provider's.
 */
export async function updateProvider(db: Db, input: ProviderEdit, actor: Actor): Promise<Provider> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.status !== undefined) set.status = input.status;
  if (input.category !== undefined) set.providerCategory = blankToNull(input.category);
  if (input.description !== undefined) set.providerDescription = blankToNull(input.description);
  if (input.contactPhone !== undefined) set.contactPhone = blankToNull(input.contactPhone);
  if (input.address !== undefined) set.providerAddress = blankToNull(input.address);
  if (input.instructions !== undefined) set.providerInstructions = blankToNull(input.instructions);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(users)
      .set({ ...set, updatedAt: new Date(), updatedBy: actor.id })
      .where(and(eq(users.id, input.id), eq(users.level, PROVIDER_LEVEL)))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError('PROVIDER_NOT_FOUND');
    if (input.status === 'inactive') await revokeUserSessions(tx, input.id);
  });
  return providerById(db, input.id);
}

/**
 * Activates or deactivates a provider, without confirmation (spec part 1 §4). See updateProvider.
 * @throws PROVIDER_NOT_FOUND.
 */
export async function setProviderStatus(db: Db, input: { id: string; status: RecordStatus }, actor: Actor): Promise<Provider> {
  return updateProvider(db, { id: input.id, status: input.status }, actor);
}
