import { eq } from 'drizzle-orm';
import { AppError } from '../domain/errors';
import { isLevel, type Level } from '../domain/levels';
import type { ApiScope } from '../domain/api-keys';
import type { RecordStatus, Theme, UserType } from '../domain/constants';
import type { Executor } from './db/client';
import { companies, users } from './db/schema';

/**
 * Who is calling: what every service receives instead of the HTTP request. This module sits below
 * the services (it imports only the domain and the database): the HTTP layer builds an Actor from the
 * session (http/access.ts), the demo seed and the tests from a user id.
 */
export type Actor = {
  id: string;
  name: string;
  email: string;
  level: Level | null;
  companyId: string | null;
  companyName: string | null;
  companyActive: boolean;
  userType: UserType;
  status: RecordStatus;
  themePreference: Theme;
  surveyCompleted: boolean;
  phone: string | null;
  department: string | null;
  createdAt: Date;
  /**
   * Set when an API key is calling (modules/api-keys/authenticate.ts): then `id` is `apikey:<key id>`
   * (no user row; the histories keep it as a plain id) and `name` is 'API: <key name>', which is what
   * every history shows as who did it. Null for a person.
   */
  apiKey: { id: string; name: string; scopes: readonly ApiScope[] } | null;
};

/**
 * The columns an Actor is made of, from `users` left-joined to `companies`: the actor's read here and
 * the session's (auth/session-reader.ts) select the same.
 */
export const actorColumns = {
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
};

export type ActorRow = Pick<
  typeof users.$inferSelect,
  'id' | 'name' | 'email' | 'level' | 'companyId' | 'userType' | 'status' | 'themePreference' | 'surveyCompleted' | 'phone' | 'department' | 'createdAt'
> & { companyName: string | null; companyStatus: string | null };

/** The actor of a request: one indexed read of the user and its company. */
export async function loadActorRow(db: Executor, userId: string): Promise<ActorRow | null> {
  const [row] = await db.select(actorColumns).from(users).leftJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, userId));
  return row ?? null;
}

/** The Actor of a user row (`loadActorRow`), with the fields narrowed to their known values. */
export function toActor(row: ActorRow): Actor {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    level: isLevel(row.level) ? row.level : null,
    companyId: row.companyId,
    companyName: row.companyName,
    companyActive: row.companyStatus === 'active',
    userType: row.userType === 'B' ? 'B' : 'A',
    status: row.status === 'active' ? 'active' : 'inactive',
    themePreference: row.themePreference === 'dark' ? 'dark' : 'light',
    surveyCompleted: row.surveyCompleted,
    phone: row.phone,
    department: row.department,
    createdAt: row.createdAt,
    apiKey: null,
  };
}

/** Levels 2 and 3 work inside their company; it comes from the session, never from the client. */
export function companyOf(actor: Actor): string {
  if (!actor.companyId) throw new AppError('NO_COMPANY_ASSIGNED');
  return actor.companyId;
}
