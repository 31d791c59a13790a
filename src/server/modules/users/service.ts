import { eq } from 'drizzle-orm';
import { deriveLevel, isStaffEmail, type Level } from '../../../domain/levels';
import type { Me } from '../../../domain/schemas/me';
import type { Theme } from '../../../domain/constants';
import type { AppConfig } from '../../config';
import type { Executor } from '../../db/client';
import { companies, users } from '../../db/schema';
import { findCompanyByName, findOrCreateCompanyByName } from '../companies/service';
import type { Actor } from '../../auth/actor';

export async function emailIsRegistered(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return Boolean(row);
}

export async function findUserForSignIn(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, level: users.level, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * First sign-in of a user without a level (part 1 §4, §6): level from the email; HR admins get
 * their company found or created, employees join an existing company only.
 */
export async function assignLevelAtFirstSignIn(
  db: Executor,
  user: { id: string; email: string },
  config: Pick<AppConfig, 'staffDomain' | 'providerDomain'>,
): Promise<{ level: Level; companyId: string | null }> {
  const derived = deriveLevel(user.email, { staffDomain: config.staffDomain, providerDomain: config.providerDomain });
  let companyId: string | null = null;
  if (derived.level === 2) {
    companyId = (await findOrCreateCompanyByName(db, derived.company.name)).id;
  } else if (derived.level === 3 && derived.company) {
    companyId = (await findCompanyByName(db, derived.company.name))?.id ?? null;
  }
  await db.update(users).set({ level: derived.level, companyId, updatedAt: new Date() }).where(eq(users.id, user.id));
  return { level: derived.level, companyId };
}

/** The actor of a request: one indexed read of the user and its company. */
export async function loadActorRow(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      level: users.level,
      companyId: users.companyId,
      companyName: companies.name,
      companyStatus: companies.status,
      userType: users.userType,
      status: users.status,
      themePreference: users.themePreference,
      surveyCompleted: users.surveyCompleted,
      phone: users.phone,
      department: users.department,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return row ?? null;
}

export function toMe(actor: Actor): Me {
  return {
    id: actor.id,
    name: actor.name,
    email: actor.email,
    level: actor.level,
    isStaff: actor.isStaff,
    companyId: actor.companyId,
    companyName: actor.companyName,
    userType: actor.userType,
    status: actor.status,
    themePreference: actor.themePreference,
    surveyCompleted: actor.surveyCompleted,
    phone: actor.phone,
    department: actor.department,
    createdAt: actor.createdAt.toISOString(),
  };
}

export function isStaff(email: string, config: Pick<AppConfig, 'staffDomain' | 'providerDomain'>): boolean {
  return isStaffEmail(email, config);
}

export async function updateProfile(db: Executor, actor: Actor, input: { name: string; phone?: string | null }) {
  await db
    .update(users)
    .set({ name: input.name, phone: input.phone ?? null, updatedAt: new Date(), updatedBy: actor.id })
    .where(eq(users.id, actor.id));
}

export async function setThemePreference(db: Executor, actor: Actor, theme: Theme) {
  const now = new Date();
  await db.update(users).set({ themePreference: theme, themeUpdatedAt: now }).where(eq(users.id, actor.id));
}
