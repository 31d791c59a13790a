/**
 * Level 1's view of every account (spec part 1 §2 "User diagnostics", "Assign levels"): the paged user
 * list, the counts per level with recommendations computed from the data, and the level change,
 * recorded in `user_level_changes`.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { recordStatusOf } from '#domain/constants';
import { AppError } from '#domain/errors';
import { isLevel, type Level } from '#domain/levels';
import { href, paths } from '#domain/paths';
import type { AdminUser, adminUserListQuerySchema, UserLevelChanges, UserRecommendation, UserSummary } from '#domain/schemas/admin';
import type { Actor } from '../../actor';
import type { Db, Executor } from '../../db/client';
import { companies, invitations, userLevelChanges, users, userTallies } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { plural } from '#domain/plural';
import { deleteAccountWithoutHistory } from '../../accounts/delete-account';

type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

const PLATFORM_ADMIN: Level = 1;

const adminUserColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  level: users.level,
  companyId: users.companyId,
  companyName: companies.name,
  status: users.status,
  createdAt: users.createdAt,
  invitationPending: sql<boolean>`exists (select 1 from ${invitations} where ${invitations.userId} = ${users.id})`,
};

type AdminUserRow = { id: string; email: string; name: string; level: number | null; companyId: string | null; companyName: string | null; status: string; createdAt: Date; invitationPending: boolean };

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    ...row,
    level: isLevel(row.level) ? row.level : null,
    status: recordStatusOf(row.status),
    createdAt: row.createdAt.toISOString(),
    invitationPending: Boolean(row.invitationPending),
  };
}

/** The list's level filter on a level column (of users, or of the tallies). */
function levelCondition(column: typeof users.level | typeof userTallies.level, level: AdminUserListQuery['level']): SQL | undefined {
  if (level === undefined) return undefined;
  return level === 'none' ? isNull(column) : eq(column, Number(level));
}

/** A page of users, newest first, by level and searched in name, email and company. Throws nothing. */
export async function listAdminUsers(db: Executor, query: AdminUserListQuery): Promise<{ items: AdminUser[]; total: number }> {
  const pattern = query.search ? containsPattern(query.search) : null;
  // The companies whose name matches come first (a few rows, by trigrams), as ids: a join or a
  // sub-select in the OR would make PostgreSQL read every account; with ids each branch is an index search.
  const companyIds = pattern ? (await db.select({ id: companies.id }).from(companies).where(ilike(companies.name, pattern))).map((row) => row.id) : [];
  const where = and(
    levelCondition(users.level, query.level),
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), companyIds.length > 0 ? inArray(users.companyId, companyIds) : undefined) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select(adminUserColumns).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(query.limit).offset(query.offset),
    // Without a search the tallies answer (decision 111); a search counts its matches.
    pattern
      ? db.select({ total: count() }).from(users).where(where)
      : db
          .select({ total: sql<number>`coalesce(sum(${userTallies.users}), 0)`.mapWith(Number) })
          .from(userTallies)
          .where(levelCondition(userTallies.level, query.level)),
  ]);
  return { items: rows.map(toAdminUser), total };
}

const RECOMMENDATIONS: Record<UserRecommendation['kind'], Omit<UserRecommendation, 'kind' | 'count' | 'message'> & { message: (n: number) => string }> = {
  users_without_level: {
    message: (n) => `${plural(n, 'usuario no tiene', 'usuarios no tienen')} nivel: no pueden entrar a ninguna área.`,
    link: href(paths.admin.assignLevels),
    linkLabel: 'Asignar niveles',
  },
  hr_without_company: {
    message: (n) => `${plural(n, 'administrador de RR.HH. no tiene', 'administradores de RR.HH. no tienen')} empresa: crea su cuenta desde la empresa o cambia su nivel.`,
    link: href(paths.admin.companies),
    linkLabel: 'Ir a Empresas',
  },
  employees_without_company: {
    message: (n) => `${plural(n, 'colaborador no tiene', 'colaboradores no tienen')} empresa: revisa que su empresa exista y tenga su dominio de correo.`,
    link: href(paths.admin.companies),
    linkLabel: 'Ir a Empresas',
  },
  companies_over_max_users: {
    message: (n) => `${plural(n, 'empresa supera', 'empresas superan')} su máximo de usuarios: aumenta el máximo o revisa sus cuentas.`,
    link: href(paths.admin.companies),
    linkLabel: 'Ir a Empresas',
  },
};

/**
 * The counts per level (and without level) and the recommendations, from the per-company, per-level
 * tallies a trigger keeps (decision 111): a few hundred rows, however many accounts there are.
 * Throws nothing.
 */
export async function getUserSummary(db: Executor): Promise<UserSummary> {
  const t = userTallies;
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${t.users}), 0)`.mapWith(Number),
      level1: sql<number>`coalesce(sum(${t.users}) filter (where ${t.level} = 1), 0)`.mapWith(Number),
      level2: sql<number>`coalesce(sum(${t.users}) filter (where ${t.level} = 2), 0)`.mapWith(Number),
      level3: sql<number>`coalesce(sum(${t.users}) filter (where ${t.level} = 3), 0)`.mapWith(Number),
      level4: sql<number>`coalesce(sum(${t.users}) filter (where ${t.level} = 4), 0)`.mapWith(Number),
      none: sql<number>`coalesce(sum(${t.users}) filter (where ${t.level} is null), 0)`.mapWith(Number),
      hrWithoutCompany: sql<number>`coalesce(sum(${t.users}) filter (where ${t.level} = 2 and ${t.companyId} is null), 0)`.mapWith(Number),
      employeesWithoutCompany: sql<number>`coalesce(sum(${t.users}) filter (where ${t.level} = 3 and ${t.companyId} is null), 0)`.mapWith(Number),
      // Level 2 and 3 accounts are what maxUsers limits (decision 73). Written out: a subquery over the tallies.
      companiesOverMax: sql<number>`(select count(*) from companies c join (select company_id, sum(users) as accounts from user_tallies
        where level in (2, 3) and company_id is not null group by company_id) a on a.company_id = c.id where a.accounts > c.max_users)`.mapWith(Number),
    })
    .from(t);
  const counts: Record<UserRecommendation['kind'], number> = {
    users_without_level: row.none,
    hr_without_company: row.hrWithoutCompany,
    employees_without_company: row.employeesWithoutCompany,
    companies_over_max_users: row.companiesOverMax,
  };
  const recommendations = (Object.keys(RECOMMENDATIONS) as UserRecommendation['kind'][])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => {
      const { message, ...rest } = RECOMMENDATIONS[kind];
      return { kind, count: counts[kind], message: message(counts[kind]), ...rest };
    });
  return {
    total: row.total,
    byLevel: { 1: row.level1, 2: row.level2, 3: row.level3, 4: row.level4, none: row.none },
    recommendations,
  };
}

async function adminUserById(db: Executor, id: string): Promise<AdminUser> {
  const [row] = await db.select(adminUserColumns).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, id));
  if (!row) throw new AppError('USER_NOT_FOUND');
  return toAdminUser(row);
}

/**
 * Gives a user a level (1–4) or none (spec part 1 §6), recorded with who, when, from and to. The actor
 * loader reads the level on every request, so it takes effect on that user's next request. The
 * platform keeps at least one active level 1 account, and nobody removes their own level 1.
 *
 * Every active level 1 row is locked first, in id order, then the target: two operators demoting each
 * other at once are serialised (the second sees the first's change), never both let through, and
 * never deadlocked.
 * @throws USER_NOT_FOUND, OWN_PLATFORM_ADMIN, LAST_PLATFORM_ADMIN.
 */
export async function setUserLevel(db: Db, input: { id: string; level: Level | null }, actor: Actor): Promise<AdminUser> {
  await db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.level, PLATFORM_ADMIN), eq(users.status, 'active')))
      .orderBy(asc(users.id))
      .for('update');
    const [target] = await tx.select({ id: users.id, level: users.level }).from(users).where(eq(users.id, input.id)).for('update');
    if (!target) throw new AppError('USER_NOT_FOUND');
    if (target.level === input.level) return;
    if (target.level === PLATFORM_ADMIN) {
      if (target.id === actor.id) throw new AppError('OWN_PLATFORM_ADMIN');
      if (!admins.some((admin) => admin.id !== target.id)) throw new AppError('LAST_PLATFORM_ADMIN');
    }
    await tx.update(users).set({ level: input.level, updatedAt: new Date(), updatedBy: actor.id }).where(eq(users.id, target.id));
    await tx.insert(userLevelChanges).values({ userId: target.id, fromLevel: target.level, toLevel: input.level, changedBy: actor.id });
  });
  return adminUserById(db, input.id);
}

/** How many changes the history answers: the latest ones are what an operator checks. */
const LEVEL_HISTORY_LIMIT = 20;

const levelOrNull = (level: number | null): Level | null => (isLevel(level) ? level : null);

/**
 * The latest level changes of one user, newest first, with who made each (decisions 121 and 122).
 * @throws USER_NOT_FOUND.
 */
export async function listUserLevelChanges(db: Executor, userId: string): Promise<UserLevelChanges> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND');
  const rows = await db
    .select({
      fromLevel: userLevelChanges.fromLevel,
      toLevel: userLevelChanges.toLevel,
      changedAt: userLevelChanges.changedAt,
      changedById: userLevelChanges.changedBy,
      changedByName: users.name,
    })
    .from(userLevelChanges)
    .leftJoin(users, eq(users.id, userLevelChanges.changedBy))
    .where(eq(userLevelChanges.userId, userId))
    .orderBy(desc(userLevelChanges.changedAt), desc(userLevelChanges.id))
    .limit(LEVEL_HISTORY_LIMIT);
  return {
    items: rows.map((row) => ({ ...row, fromLevel: levelOrNull(row.fromLevel), toLevel: levelOrNull(row.toLevel), changedAt: row.changedAt.toISOString() })),
  };
}

/**
 * Removes an account created by mistake (an address HR typed for someone else), only while it
 * has no history: no ledger transfer on its wallets, no request, code or redemption of its own, no code
 * it consumed as a provider. Its empty ledger accounts go with it; sessions, credentials and the rest
 * follow the users row. Money history is never erased this way: an account with history is disabled.
 * @throws USER_NOT_FOUND, OWN_ACCOUNT_DELETE, USER_HAS_HISTORY.
 */
export async function deleteUserWithoutHistory(db: Db, id: string, actor: Actor): Promise<void> {
  if (id === actor.id) throw new AppError('OWN_ACCOUNT_DELETE');
  await db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    if (!target) throw new AppError('USER_NOT_FOUND');
    await deleteAccountWithoutHistory(tx, id);
  });
}
