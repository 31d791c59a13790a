/**
 * The Actor a route would hand to a service, read from the database the way the session does, for
 * tests that call service functions directly (faster than HTTP, and able to reach checks that the
 * session layer would stop first).
 */
import { loadActorRow, toActor, type Actor } from '#server/actor';
import type { Db } from '#server/db/client';

export async function actorFromDb(db: Db, userId: string): Promise<Actor> {
  const row = await loadActorRow(db, userId);
  if (!row) throw new Error(`no user ${userId}`);
  return toActor(row);
}
