/**
 * Email verification and password reset through a real SMTP conversation with a local sink started
 * here (smtp-server on 127.0.0.1, never the network), and the development outbox without SMTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../support/smtp-sink';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, ORIGIN, PASSWORD, signIn, type TestContext } from '../../support/app';

type Received = { to: string; raw: string };

/** A sink that keeps every message and lets a test wait for the next one to an address. */
async function startSink() {
  const received: Received[] = [];
  const waiters: { to: string; resolve: (m: Received) => void }[] = [];
  const checks: (() => boolean)[] = [];
  const sink = await startSmtpSink(({ recipients, raw }) => {
    for (const to of recipients) {
      const message = { to, raw };
      received.push(message);
      const index = waiters.findIndex((w) => w.to === to);
      if (index >= 0) waiters.splice(index, 1)[0].resolve(message);
    }
    for (const check of [...checks]) if (check()) checks.splice(checks.indexOf(check), 1);
  });
  return {
    ...sink,
    received,
    next: (to: string) =>
      new Promise<Received>((resolve) => {
        const already = received.find((m) => m.to === to);
        if (already) resolve(already);
        else waiters.push({ to, resolve });
      }),
    /** The n-th message (1-based) to an address, once it has arrived. */
    nth: (to: string, n: number) =>
      new Promise<Received>((resolve) => {
        const check = () => {
          const list = received.filter((m) => m.to === to);
          if (list.length < n) return false;
          resolve(list[n - 1]);
          return true;
        };
        if (!check()) checks.push(check);
      }),
  };
}

/** A raw message's text with quoted-printable undone (soft breaks, =XX bytes as UTF-8). */
function decoded(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return joined.replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}

/** The link of a mail. */
function linkOf(raw: string): URL {
  const text = decoded(raw);
  const match = /https?:\/\/[^\s"<>]+/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return new URL(match[0]);
}

let ctx: TestContext;
let sink: Awaited<ReturnType<typeof startSink>>;
let companyId = '';

beforeAll(async () => {
  sink = await startSink();
  ctx = await createTestContext({ emailVerification: 'required', smtpUrl: `smtp://127.0.0.1:${sink.port}` });
  companyId = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl' });
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { origin: ORIGIN, ...headers } });

describe('email verification (EMAIL_VERIFICATION=required)', () => {
  it('mails a Spanish verification link; the link verifies, and then sign-in joins the company', async () => {
    const res = await post('/api/auth/sign-up/email', { name: 'Rosa', email: 'rosa@andes.cl', password: 'clave123' });
    expect(res.statusCode).toBe(200);
    const mail = await sink.next('rosa@andes.cl');
    expect(decoded(mail.raw)).toContain('Para activar tu cuenta de Jobby, confirma que este correo es tuyo.');
    expect(sink.received.filter((m) => m.to === 'rosa@andes.cl')).toHaveLength(1);
    expect((await post('/api/auth/sign-in/email', { email: 'rosa@andes.cl', password: 'clave123' })).json().error.code).toBe('EMAIL_NOT_VERIFIED');

    const link = linkOf(mail.raw);
    expect(link.origin).toBe(ORIGIN);
    const verified = await ctx.app.inject({ url: link.pathname + link.search });
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toContain('/login?verificado=1');

    const cookie = await signIn(ctx.app, 'rosa@andes.cl', 'clave123');
    expect((await ctx.app.inject({ url: '/api/me', headers: as(cookie) })).json()).toMatchObject({ level: 3, companyId });
  });

  it('resends the mail on request, with the same answer for unknown addresses', async () => {
    await post('/api/auth/sign-up/email', { name: 'Otro', email: 'otro@andes.cl', password: 'clave123' });
    await sink.next('otro@andes.cl');
    const known = await post('/api/auth/send-verification-email', { email: 'otro@andes.cl' });
    const unknown = await post('/api/auth/send-verification-email', { email: 'fantasma@andes.cl' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(sink.received.filter((m) => m.to === 'otro@andes.cl')).toHaveLength(2);
    expect(sink.received.filter((m) => m.to === 'fantasma@andes.cl')).toHaveLength(0);
  });
});

describe('password reset', () => {
  it('answers known and unknown addresses alike, mails the known one, and the link sets a new password once', async () => {
    await createUser(ctx.db, { email: 'olvido@andes.cl' });
    const oldSession = await signIn(ctx.app, 'olvido@andes.cl');
    const known = await post('/api/auth/request-password-reset', { email: 'olvido@andes.cl' });
    const unknown = await post('/api/auth/request-password-reset', { email: 'nadie@andes.cl' });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(known.json()).toEqual({ ok: true });

    const mail = await sink.next('olvido@andes.cl');
    expect(decoded(mail.raw)).toContain('Recibimos una solicitud para restablecer tu contraseña.');
    const link = linkOf(mail.raw);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token') ?? '';

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'nueva-clave' });
    expect(reset.statusCode).toBe(200);
    // Every session ends with a reset, and the new password opens a new one.
    expect((await ctx.app.inject({ url: '/api/me', headers: as(oldSession) })).statusCode).toBe(401);
    await expect(signIn(ctx.app, 'olvido@andes.cl', 'nueva-clave')).resolves.toContain('session_token');
    expect((await post('/api/auth/sign-in/email', { email: 'olvido@andes.cl', password: PASSWORD })).statusCode).toBe(401);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'otra-clave' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'RESET_LINK_INVALID',
      message: 'El enlace para restablecer la contraseña no es válido o ya venció.',
    });
    expect(sink.received.filter((m) => m.to === 'nadie@andes.cl')).toHaveLength(0);
  });
});

describe('one successful reset ends the other links', () => {
  it('refuses a second outstanding link once the first has set the password', async () => {
    await createUser(ctx.db, { email: 'doble@andes.cl' });
    await createUser(ctx.db, { email: 'ajena@andes.cl' });
    await post('/api/auth/request-password-reset', { email: 'doble@andes.cl' });
    const first = linkOf((await sink.nth('doble@andes.cl', 1)).raw).searchParams.get('token') ?? '';
    await post('/api/auth/request-password-reset', { email: 'doble@andes.cl' });
    const second = linkOf((await sink.nth('doble@andes.cl', 2)).raw).searchParams.get('token') ?? '';
    // Another person's link is theirs: it survives this user's reset.
    await post('/api/auth/request-password-reset', { email: 'ajena@andes.cl' });
    const other = linkOf((await sink.next('ajena@andes.cl')).raw).searchParams.get('token') ?? '';
    expect(new Set([first, second, other]).size).toBe(3);

    expect((await post('/api/auth/reset-password', { token: second, newPassword: 'nueva-clave' })).statusCode).toBe(200);
    const stale = await post('/api/auth/reset-password', { token: first, newPassword: 'clave-del-atacante' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toEqual({
      code: 'RESET_LINK_INVALID',
      message: 'El enlace para restablecer la contraseña no es válido o ya venció.',
    });
    await expect(signIn(ctx.app, 'doble@andes.cl', 'nueva-clave')).resolves.toContain('session_token');
    expect((await post('/api/auth/reset-password', { token: other, newPassword: 'suya-nueva' })).statusCode).toBe(200);
  });
});

describe('development outbox (no SMTP_URL)', () => {
  it('keeps each message and its link in the database', async () => {
    const dev = await createTestContext();
    try {
      await dev.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: ORIGIN },
        payload: { name: 'Dev', email: 'dev@andes.cl', password: 'clave123' },
      });
      const rows = await dev.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'dev@andes.cl'));
      expect(rows).toHaveLength(1);
      expect(rows[0].subject).toBe('Confirma tu correo electrónico en Jobby');
      expect(rows[0].link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
      expect(rows[0].body).toContain(rows[0].link);
    } finally {
      await dev.close();
    }
  });
});
