/**
 * The Actor a route would hand to a service, read from the database the way the session does, for
 * tests that call service functions directly (faster than HTTP, and able to reach checks that the
 * session layer would stop first).
 */
import type { Actor } from '../../../src/server/auth/actor';
import type { Db } from '../../../src/server/db/client';
import { testConfig } from '../../../src/server/config';
import { isStaff, loadActorRow } from '../../../src/server/modules/users/service';
import { isLevel } from '../../../src/domain/levels';

export async function actorFromDb(db: Db, userId: string): Promise<Actor> {
  const row = await loadActorRow(db, userId);
  if (!row) throw new Error(`no user ${userId}`);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    level: isLevel(row.level) ? row.level : null,
    isStaff: isStaff(row.email, testConfig()),
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
