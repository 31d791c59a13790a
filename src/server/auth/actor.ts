import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { isLevel, type Level } from '../../domain/levels';
import type { RecordStatus, Theme, UserType } from '../../domain/constants';
import type { AppConfig } from '../config';
import { loadActorRow, isStaff } from '../modules/users/service';

/** Who is calling: what every service receives instead of the HTTP request. */
export type Actor = {
  id: string;
  name: string;
  email: string;
  level: Level | null;
  isStaff: boolean;
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
};

/** The session's user, or null when there is no valid session or the user is not active. */
export async function resolveActor(request: FastifyRequest): Promise<Actor | null> {
  const { auth, db, config } = request.server.deps;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const row = await loadActorRow(db, session.user.id);
  if (!row || row.status !== 'active') return null;
  // Live streams re-check their session later (events/live.ts), so the session's id is kept.
  request.sessionId = session.session.id;
  return toActor(row, config);
}

/** The Actor of a user row (`loadActorRow`), with the fields narrowed to their known values. */
export function toActor(row: NonNullable<Awaited<ReturnType<typeof loadActorRow>>>, config: Pick<AppConfig, 'staffDomain'>): Actor {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    level: isLevel(row.level) ? row.level : null,
    isStaff: isStaff(row.email, config),
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
  };
}
