/**
 * "a real client": the OpenAPI document is fetched over HTTP, types are generated from it
 * with openapi-typescript (scripts/openapi-client.mjs), the integrator's program (test/integrator/)
 * must type-check against them, and then runs with openapi-fetch and an API key: it creates an
 * employee and assigns tokens, and every history says the key did it ("API: Nómina Buk").
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';

/** What test/integrator/client.ts offers, as this test uses it (its own types are generated at run time). */
type IntegratorClient = { GET: (path: string, init: unknown) => Promise<{ response: Response; error?: unknown }> };
type IntegratorProgram = {
  jobbyClient: (baseUrl: string, apiKey: string) => IntegratorClient;
  onboard: (client: IntegratorClient, hire: { name: string; email: string; password: string; tokens: number }) => Promise<{ userId: string; balanceAfter: number }>;
  tokenHistory: (client: IntegratorClient) => Promise<Array<{ userId: string; amount: number; actorName: string }>>;
};
const INTEGRATOR = path.resolve('test/integrator');
const GENERATED = path.join(INTEGRATOR, 'generated');

let ctx: TestContext;
let baseUrl: string;
let hr: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const companyId = await createCompany(ctx.db, 'Buk Demo', { emailDomain: 'bukdemo.cl', maxUsers: 50 });
  await createUser(ctx.db, { email: 'rrhh@bukdemo.cl', level: 2, companyId });
  hr = await signIn(ctx.app, 'rrhh@bukdemo.cl');
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx.close());

function run(args: string[]) {
  const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('a client generated from /api/openapi.json, used with an API key', () => {
  it('creates an employee and assigns tokens, and the history names the key', { timeout: 300_000 }, async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: as(hr),
      payload: { name: 'Nómina Buk', scopes: ['users:write', 'tokens:assign', 'tokens:read'] },
    });
    expect(created.statusCode).toBe(200);
    const { secret } = created.json() as { secret: string };

    // The document as an integrator downloads it, and the types generated from it.
    const document = await fetch(`${baseUrl}/api/openapi.json`);
    expect(document.status).toBe(200);
    mkdirSync(GENERATED, { recursive: true });
    writeFileSync(path.join(GENERATED, 'openapi.json'), await document.text());
    const generated = run(['scripts/openapi-client.mjs', path.join(GENERATED, 'openapi.json'), path.join(GENERATED, 'jobby-api.d.ts')]);
    expect(generated.output).toContain('Tipos escritos');
    expect(generated.status).toBe(0);
    const typecheck = run(['node_modules/typescript/bin/tsc', '--noEmit', '-p', INTEGRATOR]);
    expect(typecheck.output).toBe('');
    expect(typecheck.status).toBe(0);

    // Loaded by path, not by a literal import: the project's typecheck must not follow it into types
    // that exist only once this test has generated them (test/integrator/tsconfig.json checks it above).
    const { jobbyClient, onboard, tokenHistory } = (await import(/* @vite-ignore */ path.join(INTEGRATOR, 'client.ts'))) as IntegratorProgram;
    const client = jobbyClient(baseUrl, secret);
    const hire = await onboard(client, { name: 'Valentina Rojas', email: 'valentina.rojas@bukdemo.cl', password: 'bienvenida1', tokens: 25 });
    expect(hire.balanceAfter).toBe(25);

    const seenByKey = await tokenHistory(client);
    expect(seenByKey).toContainEqual({ userId: hire.userId, amount: 25, actorName: 'API: Nómina Buk' });

    // HR's own screen reads the same history and the employee list shows the new hire.
    const history = await ctx.app.inject({ method: 'GET', url: '/api/company/tokens/history', headers: as(hr) });
    expect(history.json().items).toContainEqual(expect.objectContaining({ userId: hire.userId, userName: 'Valentina Rojas', actorName: 'API: Nómina Buk' }));
    const users = await ctx.app.inject({ method: 'GET', url: '/api/company/users', headers: as(hr) });
    expect(users.json().items).toContainEqual(expect.objectContaining({ id: hire.userId, email: 'valentina.rojas@bukdemo.cl' }));

    // The same client with the key revoked: refused at once.
    const keyId = (created.json() as { key: { id: string } }).key.id;
    expect((await ctx.app.inject({ method: 'POST', url: `/api/api-keys/${keyId}/revoke`, headers: as(hr) })).statusCode).toBe(200);
    const refused = await client.GET('/api/company/tokens/history', { params: { query: {} } });
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual({ error: { code: 'API_KEY_INVALID', message: 'La clave de API no es válida, fue revocada o venció' } });
  });
});
