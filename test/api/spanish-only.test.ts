/**
 * "Spanish only, always": malformed input sent to every API route, by every kind of
 * caller, is answered with messages that contain no English word from the vocabulary that zod,
 * Fastify and better-auth use when they speak for themselves. Only what a person reads is checked:
 * `error.message` and each `details[].message` (codes and field paths are identifiers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CALLERS, createWorld, type World } from '../support/world';

/** Words English error texts are made of, none of which a Spanish message contains. */
const ENGLISH =
  /\b(invalid|expected|required|must|should|string|number|boolean|object|array|received|unauthorized|forbidden|not found|bad request|unexpected|too (big|small|many|long|short)|characters?|body|is not|cannot|failed|unknown|unrecognized)\b/i;

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** Malformed inputs: broken JSON, the wrong JSON type at the top, and every known field with a wrong value. */
const RAW_BODIES: Array<{ label: string; payload: string; contentType?: string }> = [
  { label: 'broken JSON', payload: '{"title": ' },
  { label: 'an empty JSON body', payload: '' },
  { label: 'a JSON array', payload: '[]' },
  { label: 'a JSON string', payload: '"texto"' },
  { label: 'a JSON null', payload: 'null' },
  { label: 'plain text', payload: 'hola', contentType: 'text/plain' },
  {
    label: 'every field with the wrong type',
    payload: JSON.stringify(
      Object.fromEntries(
        ['title', 'description', 'type', 'tokenCost', 'stock', 'availableTokens', 'limitPerUser', 'startDate', 'endDate', 'userId', 'userIds', 'amount',
          'reason', 'kind', 'benefitId', 'code', 'status', 'name', 'phone', 'theme', 'currentPassword', 'newPassword', 'confirmPassword',
          'adminInstructions', 'comments', 'productLink', 'requiresApproval', 'isHighlighted', 'email', 'password'].map((key) => [key, { wrong: [true] }]),
      ),
    ),
  },
  { label: 'an unknown option', payload: JSON.stringify({ type: 'gratis', kind: 'regalo', status: 'tal vez', theme: 'azul', amount: -5, tokenCost: 0 }) },
];
const BAD_QUERY = '?limit=muchos&offset=-1&filter=todo&type=x&tokenType=oro&status=quizas&search=' + 'x'.repeat(300);

let world: World;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => world.ctx.close());

/** The messages of an answer that a person would read. */
function messagesOf(res: LightMyRequestResponse): string[] {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return [res.body];
  }
  const error = (body as { error?: { message?: unknown; details?: Array<{ message?: unknown }> } } | null)?.error;
  if (!error) return [];
  return [error.message, ...(error.details ?? []).map((d) => d.message)].map(String);
}

function englishIn(res: LightMyRequestResponse): string[] {
  return messagesOf(res).filter((m) => ENGLISH.test(m));
}

describe('every route answers malformed input in Spanish', () => {
  it('finds English in an English message (the check itself can fail)', () => {
    expect(ENGLISH.test('Invalid UUID')).toBe(true);
    expect(ENGLISH.test('Expected number, received string')).toBe(true);
    expect(ENGLISH.test('Body cannot be empty when content-type is set to application/json')).toBe(true);
    expect(ENGLISH.test('Los datos enviados no son válidos')).toBe(false);
    expect(ENGLISH.test('Entrada inválida: se esperaba objeto, recibido texto')).toBe(false);
  });

  it('answers no route with English or a 500, whoever calls (auth routes aside, below)', { timeout: 300_000 }, async () => {
    const routes = world.ctx.app.apiRoutes.filter((r) => !r.url.startsWith('/api/auth/'));
    expect(routes.length).toBeGreaterThan(20);
    const findings: string[] = [];
    let errorAnswers = 0;
    for (const route of routes) {
      const url = route.url.replace(/:[a-zA-Z]+/g, 'no-es-un-id');
      const wrongId = route.url.replace(/:[a-zA-Z]+/g, SAMPLE_ID);
      for (const caller of CALLERS) {
        const attempts =
          route.method === 'GET'
            ? [{ url: `${url}${BAD_QUERY}` }, { url: `${wrongId}${BAD_QUERY}` }]
            : RAW_BODIES.flatMap(({ payload, contentType }) => [url, wrongId].map((u) => ({ url: u, payload, contentType })));
        for (const attempt of attempts) {
          const res = await world.call(caller, {
            method: route.method,
            url: attempt.url,
            payload: 'payload' in attempt ? attempt.payload : undefined,
            headers: 'payload' in attempt ? { 'content-type': attempt.contentType ?? 'application/json' } : {},
          });
          if (res.statusCode >= 400) errorAnswers++;
          if (res.statusCode >= 500) findings.push(`${caller} ${route.method} ${attempt.url}: ${res.statusCode}`);
          for (const message of englishIn(res)) findings.push(`${caller} ${route.method} ${attempt.url}: ${message}`);
        }
      }
    }
    expect(errorAnswers).toBeGreaterThan(routes.length);
    expect(findings).toEqual([]);
  });
});

describe('better-auth routes answer malformed input in Spanish', () => {
  const AUTH_PATHS = ['/api/auth/sign-in/email', '/api/auth/sign-up/email'];

  /** Refused by Fastify's JSON parser before better-auth sees them: our error handler answers. */
  const PARSER_REFUSED = ['broken JSON', 'an empty JSON body'];

  it('answers broken JSON on sign-in and sign-up with a Spanish message and no 500', async () => {
    const findings: string[] = [];
    for (const path of AUTH_PATHS) {
      for (const { label, payload, contentType } of RAW_BODIES.filter((b) => PARSER_REFUSED.includes(b.label))) {
        const res = await world.call('none', { method: 'POST', url: path, payload, headers: { 'content-type': contentType ?? 'application/json' } });
        expect(res.statusCode, `${path} with ${label}`).toBeGreaterThanOrEqual(400);
        if (res.statusCode >= 500) findings.push(`${path} with ${label}: ${res.statusCode}`);
        for (const message of englishIn(res)) findings.push(`${path} with ${label}: ${message}`);
      }
    }
    expect(findings).toEqual([]);
  });

  // What better-auth validates itself (a text/plain body, a mistyped field) is mapped to the spec's
  // texts or a fixed Spanish reason; its own words never reach the caller.
  it('answers other malformed bodies and mistyped fields on sign-in and sign-up in Spanish', async () => {
    const findings: string[] = [];
    const bodies = [
      ...RAW_BODIES.filter((b) => !PARSER_REFUSED.includes(b.label)).map((b) => ({ payload: b.payload, contentType: b.contentType ?? 'application/json' })),
      ...[{ email: 5, password: ['x'] }, { email: 'ana@matriz.cl' }, { name: {}, email: 'eva@matriz.cl', password: 'secreto123' }].map((p) => ({
        payload: JSON.stringify(p),
        contentType: 'application/json',
      })),
    ];
    for (const path of AUTH_PATHS) {
      for (const { payload, contentType } of bodies) {
        const res = await world.call('none', { method: 'POST', url: path, payload, headers: { 'content-type': contentType } });
        expect(res.statusCode).toBeLessThan(500);
        for (const message of englishIn(res)) findings.push(`${path} ${payload}: ${message}`);
      }
    }
    expect(findings).toEqual([]);
  });
});
