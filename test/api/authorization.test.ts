/**
 * The authorization matrix (ARCHITECTURE §9): every API route, called with no session and as
 * every level, answers 401/403 exactly when its declared access says so. New routes join the
 * matrix by themselves, because the list comes from the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Level } from '../../src/domain/levels';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../support/app';

let ctx: TestContext;
const cookies: Partial<Record<Level, string>> = {};
let staffLevel3Cookie = '';

beforeAll(async () => {
  ctx = await createTestContext();
  const companyId = await createCompany(ctx.db, 'Matriz');
  await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
  await createUser(ctx.db, { email: 'admin@matriz.cl', level: 2, companyId });
  await createUser(ctx.db, { email: 'ana@matriz.cl', level: 3, companyId });
  await createUser(ctx.db, { email: 'tienda@jobby.sup', level: 4 });
  await createUser(ctx.db, { email: 'soporte@jobby.cl', level: 3, companyId });
  cookies[1] = await signIn(ctx.app, 'root@jobby.cl');
  cookies[2] = await signIn(ctx.app, 'admin@matriz.cl');
  cookies[3] = await signIn(ctx.app, 'ana@matriz.cl');
  cookies[4] = await signIn(ctx.app, 'tienda@jobby.sup');
  staffLevel3Cookie = await signIn(ctx.app, 'soporte@jobby.cl');
});
afterAll(async () => ctx.close());

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

function concrete(url: string): string {
  return url.replace(/:[a-zA-Z]+/g, SAMPLE_ID).replace(/\*$/, 'session');
}

function call(method: string, url: string, cookie?: string) {
  return ctx.app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers: cookie ? as(cookie) : { origin: 'http://localhost:3000' },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('every API route declares its access', () => {
  it('has routes to check', () => {
    expect(ctx.app.apiRoutes.length).toBeGreaterThan(3);
  });

  it('answers 401 without a session on every non-public route', async () => {
    for (const route of ctx.app.apiRoutes.filter((r) => r.access !== 'public' && !r.url.startsWith('/api/auth'))) {
      const res = await call(route.method, route.url);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().error.message).toBe('Debes iniciar sesión para continuar');
    }
  });

  it('answers 403 to every level the route does not allow, and lets the allowed ones through', async () => {
    for (const route of ctx.app.apiRoutes.filter((r) => typeof r.access === 'object')) {
      const access = route.access as { levels: readonly Level[] };
      for (const level of [1, 2, 3, 4] as const) {
        const res = await call(route.method, route.url, cookies[level]);
        const allowed = access.levels.includes(level);
        if (allowed) expect([401, 403], `${route.method} ${route.url} as level ${level}`).not.toContain(res.statusCode);
        else expect(res.statusCode, `${route.method} ${route.url} as level ${level}`).toBe(403);
      }
    }
  });

  it('refuses a staff-domain address of level 3 on every level 1 route (an address grants nothing)', async () => {
    const levelOneOnly = ctx.app.apiRoutes.filter((r) => typeof r.access === 'object' && r.access.levels.includes(1) && !r.access.levels.includes(3));
    expect(levelOneOnly.length).toBeGreaterThan(0);
    for (const route of levelOneOnly) {
      const res = await call(route.method, route.url, staffLevel3Cookie);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
