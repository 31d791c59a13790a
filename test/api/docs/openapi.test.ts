import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED } from '#server/auth/routes';
import { ORIGIN, createTestContext, type TestContext } from '../../support/app';

type Operation = { security?: unknown[]; responses: Record<string, unknown>; operationId?: string };
type Document = { paths: Record<string, Record<string, Operation>> };

let ctx: TestContext;
let document: Document;

beforeAll(async () => {
  ctx = await createTestContext();
  const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => ctx.close());

const toFastifyUrl = (url: string) => url.replace(/\{(\w+)\}/g, ':$1');

describe('the OpenAPI document (decision 113)', () => {
  it("passes Redocly's recommended rules with no error", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jobby-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const run = spawnSync(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', file, '--format=json', '--config=redocly.yaml'], {
        encoding: 'utf8',
      });
      const report = JSON.parse(run.stdout) as { totals: { errors: number }; problems: { ruleId: string; severity: string; location: { pointer: string }[] }[] };
      const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);
      expect(errors).toEqual([]);
      // The one warning left: /api/config needs no session and takes no input, so it has no 4xx answer.
      const warnings = report.problems.filter((p) => p.severity !== 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);
      expect(warnings).toEqual(['operation-4xx-response #/paths/~1api~1config/get/responses']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('describes every API route, the auth endpoints the product opens and the WhatsApp webhook', () => {
    const documented = new Set(Object.entries(document.paths).flatMap(([url, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${toFastifyUrl(url)}`)));
    const hidden = new Set(['GET /api/openapi.json', 'GET /api/health', 'GET /api/auth/*', 'POST /api/auth/*']);
    const routes = ctx.app.apiRoutes.map((r) => `${r.method} ${r.url}`).filter((r) => !hidden.has(r));
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
    expect(Object.entries(ALLOWED).map(([url, method]) => `${method} ${url}`).filter((r) => !documented.has(r))).toEqual([]);
    expect(documented).toContain('POST /webhook/whatsapp');
  });

  it('declares the session cookie on exactly the routes that need one, and an API key where one is accepted', () => {
    for (const route of ctx.app.apiRoutes) {
      const url = Object.keys(document.paths).find((u) => toFastifyUrl(u) === route.url);
      const operation = url ? document.paths[url][route.method.toLowerCase()] : undefined;
      if (!operation || route.url.startsWith('/api/auth/')) continue;
      expect({ route: `${route.method} ${route.url}`, security: operation.security }).toEqual({
        route: `${route.method} ${route.url}`,
        security: route.access === 'public' ? [] : route.apiScope ? [{ session: [] }, { apiKey: [route.apiScope] }] : [{ session: [] }],
      });
    }
  });

  it("declares the answer each operation really gives a caller without a session", async () => {
    const undeclared: string[] = [];
    for (const [url, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        // Bodies are left out on purpose: the answer to a missing body must be documented too.
        const response = await ctx.app.inject({
          method: method.toUpperCase() as 'GET',
          url: url.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000'),
          headers: { origin: ORIGIN, accept: 'text/event-stream' },
        });
        const status = String(response.statusCode);
        if (!(status in operation.responses)) undeclared.push(`${method.toUpperCase()} ${url} → ${status} ${response.body.slice(0, 80)}`);
        if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json')) {
          expect(response.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('gives every operation a unique operationId', () => {
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
