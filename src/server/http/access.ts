import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { canEnterArea, type Level } from '../../domain/levels';
import { resolveActor, type Actor } from '../auth/actor';

/**
 * What every API route must declare (ARCHITECTURE §9): `public`, `authenticated` (any signed-in
 * user) or the levels allowed. app.ts refuses to start when an /api route declares none.
 */
export type Access = 'public' | 'authenticated' | { levels: readonly Level[] };

export function isAllowed(actor: Actor, access: Exclude<Access, 'public'>): boolean {
  if (access === 'authenticated') return true;
  return access.levels.some((area) => canEnterArea(actor, area));
}

export async function enforceAccess(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const access = request.routeOptions.config.access;
  if (!access || access === 'public') return;
  const actor = await resolveActor(request);
  if (!actor) throw new AppError('UNAUTHENTICATED');
  if (!isAllowed(actor, access)) throw new AppError('FORBIDDEN');
  request.actor = actor;
}

/** The actor of a route that is not public (the access hook has already checked it). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}

/** Levels 2 and 3 work inside their company; it comes from the session, never from the client. */
export function companyOf(actor: Actor): string {
  if (!actor.companyId) throw new AppError('NO_COMPANY_ASSIGNED');
  return actor.companyId;
}
