import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import type { Level } from '../../domain/levels';
import type { ApiScope } from '../../domain/api-keys';
import type { Actor } from '../actor';

/**
 * What every API route must declare (ARCHITECTURE §9): `public`, `authenticated` (any signed-in
 * user) or the levels allowed. app.ts refuses to start when an /api route declares none.
 */
export type Access = 'public' | 'authenticated' | { levels: readonly Level[] };

/**
 * Whether the caller may see what `scope` guards inside an answer: a person always (the route's
 * level decided), a key only when it holds the scope (the codes inside request lists, decision 221).
 */
export function mayRead(actor: Actor, scope: ApiScope): boolean {
  return actor.apiKey === null || actor.apiKey.scopes.includes(scope);
}

/** The actor of a route that is not public (the access hook has already checked it). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED');
  return request.actor;
}
