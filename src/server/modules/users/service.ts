import { and, eq, ne, sql } from 'drizzle-orm';
import { emailDomainOf, selfRegisteredLevel, type Level } from '#domain/levels';
import type { Me } from '#domain/schemas/me';
import type { Theme } from '#domain/constants';
import type { AppConfig } from '../../config';
import type { Db, Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { findCompanyByEmailDomain } from '../companies/index';
import { recordEvent } from '../events/index';
import type { Actor } from '../../actor';
import { AppError } from '#domain/errors';
import { violatedUniqueConstraint } from '../../db/errors';

/** Who an account is, as every list of people shows it: the first columns of their selects. */
export const personColumns = { id: users.id, name: users.name, email: users.email, status: users.status };

export async function emailIsRegistered(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return Boolean(row);
}

export async function findUserForSignIn(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      level: users.level,
      status: users.status,
      // An operator changed its level (user_level_changes): "sin nivel" is then a decision, not a new account.
      // Written out: drizzle leaves columns unqualified in a one-table select, and "id" would be ambiguous.
      levelSetByOperator: sql<boolean>`exists (select 1 from user_level_changes c where c.user_id = users.id)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * First sign-in of a self-registered user (decision 27): level 3, and the company whose
 * `email_domain` is the address's FULL domain, only when the address can be trusted — verified,
 * or verification not required. Never creates a company, never grants level 1, 2 or 4.
 */
export async function assignLevelAtFirstSignIn(
  db: Executor,
  user: { id: string; email: string; emailVerified: boolean },
  config: Pick<AppConfig, 'emailVerification'>,
): Promise<{ level: Level; companyId: string | null }> {
  const domain = emailDomainOf(user.email);
  const company = domain ? await findCompanyByEmailDomain(db, domain) : null;
  const derived = selfRegisteredLevel({
    domainMatchesCompany: company !== null,
    addressTrusted: user.emailVerified || config.emailVerification !== 'required',
  });
  const companyId = derived.joinsCompany && company ? company.id : null;
  await db.transaction(async (tx) => {
    const [joined] = await tx
      .update(users)
      .set({ level: derived.level, companyId, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning({ name: users.name });
    // An employee joined the company (the webhook "empleado creado", decision 230), in the same transaction.
    if (joined && companyId && derived.level === 3) {
      await recordEvent(tx, { type: 'employee.created', payload: { userId: user.id, companyId, name: joined.name, email: user.email, source: 'self' } });
    }
  });
  return { level: derived.level, companyId };
}

/** Ends every session of a user at once (disable, password reset). */
export async function revokeUserSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Disables a user and ends its sessions in one transaction: the actor loader also re-reads the
 * status on every request, so a session that races the delete is refused anyway.
 */
export async function disableUser(db: Db, userId: string, by: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ status: 'inactive', updatedAt: new Date(), updatedBy: by }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId);
  });
}

export function toMe(actor: Actor): Me {
  return {
    id: actor.id,
    name: actor.name,
    email: actor.email,
    level: actor.level,
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

/**
 * Every write of users.phone goes through here: `phone` is already E.164 (phoneSchema), and
 * a number another account holds — of any company — is refused with PHONE_IN_USE, which names nobody.
 * The look-up answers the usual case; the unique index users_phone_key answers a race, in the same words.
 * @throws PHONE_IN_USE
 */
export async function writeUserPhone(db: Executor, userId: string, phone: string | null, write: () => Promise<unknown>): Promise<void> {
  if (phone !== null) {
    const [other] = await db.select({ id: users.id }).from(users).where(and(eq(users.phone, phone), ne(users.id, userId))).limit(1);
    if (other) throw new AppError('PHONE_IN_USE');
  }
  try {
    await write();
  } catch (error) {
    if (violatedUniqueConstraint(error) === PHONE_UNIQUE_INDEX) throw new AppError('PHONE_IN_USE');
    throw error;
  }
}

const PHONE_UNIQUE_INDEX = 'users_phone_key';

/** Saves the profile form. A `phone` left out keeps the stored number (decision 42); null or '' clears it. */
export async function updateProfile(db: Executor, actor: Actor, input: { name: string; phone?: string | null }) {
  const phone = input.phone === undefined ? undefined : input.phone || null;
  const write = () =>
    db
      .update(users)
      .set({ name: input.name, ...(phone === undefined ? {} : { phone }), updatedAt: new Date(), updatedBy: actor.id })
      .where(eq(users.id, actor.id));
  if (phone === undefined) await write();
  else await writeUserPhone(db, actor.id, phone, write);
}

export async function setThemePreference(db: Executor, actor: Actor, theme: Theme) {
  const now = new Date();
  await db.update(users).set({ themePreference: theme, themeUpdatedAt: now }).where(eq(users.id, actor.id));
}
