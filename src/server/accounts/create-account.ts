import { randomUUID } from 'node:crypto';
import { AppError } from '../../domain/errors';
import type { Level } from '../../domain/levels';
import type { Executor, Tx } from '../db/client';
import { violatedUniqueConstraint } from '../db/errors';
import { accounts, users } from '../db/schema';
import { passwordHashing } from './password';
import { recordEvent } from '../modules/events/index';

type NewAccount = {
  name: string;
  /** Already trimmed and lower-cased by the input schema. */
  email: string;
  /** Null: an invitation (decision 212); the person chooses it from the mail, and no credential row is made yet. */
  password: string | null;
  level: Level;
  companyId: string | null;
  createdBy: string;
  /**
   * Whether the address counts as verified (default true: level 1 vouches for the HR admins and providers
   * it creates). HR's address outside its own company domain is not: the person confirms it.
   */
  emailVerified?: boolean;
  /** Other columns of the user row (a provider's status, category, description, phone). */
  extra?: Partial<Pick<typeof users.$inferInsert, 'status' | 'providerCategory' | 'providerDescription' | 'contactPhone' | 'providerAddress' | 'providerInstructions'>>;
};

type CreateAccountOptions = { beforeInsert?: (tx: Tx) => Promise<void>; afterInsert?: (tx: Tx, id: string) => Promise<void> };

/**
 * Creates an email-and-password account for someone else (an HR admin by level 1; later providers
 * and employees), with better-auth's own password hash, as the seed does. Written straight to the
 * tables rather than through `auth.api.signUpEmail` so that no session or cookie is made (the
 * caller stays signed in as themself), the level and company are set in the same transaction, and a
 * duplicate address is answered by the unique index, not by a racy check first. The address counts
 * as verified unless `emailVerified` says otherwise (see NewAccount).
 * `options.beforeInsert` runs inside the creating transaction, before the insert (HR's user limit
 * locks the company row there); the password is hashed before the transaction starts, so no lock
 * waits for the hash. `options.afterInsert` runs in the same transaction after the rows are written
 * (an invitation's link).
 * @throws EMAIL_IN_USE when an account with that email exists; whatever `beforeInsert` throws.
 */
export async function createPasswordAccount(db: Executor, input: NewAccount, options: CreateAccountOptions = {}): Promise<{ id: string }> {
  const passwordHash = input.password === null ? null : await passwordHashing.hash(input.password);
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await options.beforeInsert?.(tx);
      await tx.insert(users).values({
        ...input.extra,
        id,
        name: input.name,
        email: input.email,
        emailVerified: input.emailVerified ?? true,
        level: input.level,
        companyId: input.companyId,
        createdBy: input.createdBy,
      });
      if (passwordHash !== null) await tx.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
      if (input.level === 3 && input.companyId) {
        await recordEvent(tx, { type: 'employee.created', payload: { userId: id, companyId: input.companyId, name: input.name, email: input.email, source: 'hr' } });
      }
      await options.afterInsert?.(tx, id);
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) !== null) throw new AppError('EMAIL_IN_USE');
    throw error;
  }
  return { id };
}
