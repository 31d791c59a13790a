/**
 * Reset and invitation links (probes X1 and V1; decision 354): the token is kept only as
 * its hash in `verifications`, and the link still works; a disabled person is not invited again and
 * their link sets no password; 'Revocar' works at any time, also once the person received tokens.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, invitations, mailOutbox, users, verifications } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, ORIGIN, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
let companyId = '';
let hr = '';
let root = '';

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl', maxUsers: 50 });
  await createUser(ctx.db, { email: 'rrhh@andes.cl', level: 2, companyId });
  await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
  [hr, root] = await Promise.all([signIn(ctx.app, 'rrhh@andes.cl'), signIn(ctx.app, 'root@jobby.cl')]);
});
afterAll(() => ctx.close());

const json = { origin: ORIGIN, 'content-type': 'application/json' };
const post = (url: string, payload: unknown, headers: Record<string, string> = json) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const resetWith = (token: string, newPassword = 'clave-nueva-1') => post('/api/auth/reset-password', { token, newPassword });

/** The token of the latest mail to `email`, waiting for it (a reset mail is sent without awaiting it). */
async function tokenMailedTo(email: string, after = 0): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const mails = await ctx.db.select({ link: mailOutbox.link }).from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(desc(mailOutbox.createdAt));
    if (mails.length > after) return new URL(mails[0].link ?? '').searchParams.get('token') ?? '';
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`no mail to ${email}`);
}

/** Whether any column of any row of `verifications` holds `token` in clear. */
async function storedInClear(token: string): Promise<boolean> {
  const rows = await ctx.db.select().from(verifications);
  return rows.some((row) => JSON.stringify(row).includes(token));
}

async function invite(name: string, local: string): Promise<{ id: string; token: string }> {
  const res = await post('/api/company/users/invite', { name, email: local }, as(hr));
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().id as string;
  return { id, token: await tokenMailedTo(`${local}@andes.cl`) };
}

describe('links are kept hashed (X1)', () => {
  it('a password reset: no row holds the token; the link sets the password', async () => {
    await createUser(ctx.db, { email: 'olvido@andes.cl', companyId });
    expect((await post('/api/auth/request-password-reset', { email: 'olvido@andes.cl' })).statusCode).toBe(200);
    const token = await tokenMailedTo('olvido@andes.cl');
    expect(token.length).toBeGreaterThan(10);
    expect(await storedInClear(token)).toBe(false);
    expect((await resetWith(token)).statusCode).toBe(200);
    await expect(signIn(ctx.app, 'olvido@andes.cl', 'clave-nueva-1')).resolves.toContain('session_token');
  });

  it('an invitation and its resend: no row holds either token; the new link works, the old one does not', async () => {
    const { id, token } = await invite('Eva Invitada', 'eva');
    expect(await storedInClear(token)).toBe(false);
    expect((await post(`/api/company/users/${id}/invitation/resend`, {}, as(hr))).statusCode).toBe(200);
    const second = await tokenMailedTo('eva@andes.cl', 1);
    expect(await storedInClear(second)).toBe(false);
    expect((await resetWith(token)).json().error.code).toBe('RESET_LINK_INVALID');
    expect((await resetWith(second)).statusCode).toBe(200);
    await expect(signIn(ctx.app, 'eva@andes.cl', 'clave-nueva-1')).resolves.toContain('session_token');
  });

  it('a link stored in clear before migration 0031 is hashed by it and keeps working', async () => {
    const id = await createUser(ctx.db, { email: 'antigua@andes.cl', companyId });
    const token = `antiguo-${randomUUID()}`;
    await ctx.db.insert(verifications).values({ id: randomUUID(), identifier: `reset-password:${token}`, value: id, expiresAt: new Date(Date.now() + 3_600_000) });
    const migration = readFileSync(new URL('../../../src/server/db/migrations/0031_key_responsible_hashed_links.sql', import.meta.url), 'utf8');
    const update = migration.slice(migration.indexOf('UPDATE "verifications"'));
    await ctx.db.execute(sql.raw(update));
    expect(await storedInClear(token)).toBe(false);
    expect((await resetWith(token)).statusCode).toBe(200);
  });
});

describe('invitations of a disabled person, and revoking at any time (V1)', () => {
  it('a disabled person is not sent the invitation again, and their link sets no password nor accepts the invitation', async () => {
    const { id, token } = await invite('Nora Desactivada', 'nora');
    expect((await post(`/api/company/users/${id}/status`, { status: 'inactive' }, as(hr))).statusCode).toBe(200);
    const resend = await post(`/api/company/users/${id}/invitation/resend`, {}, as(hr));
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toEqual({ error: { code: 'INVITATION_USER_DISABLED', message: 'Esta persona está desactivada: actívala antes de reenviarle la invitación' } });

    const reset = await resetWith(token);
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toEqual({ error: { code: 'ACCOUNT_DISABLED', message: 'Esta cuenta ha sido deshabilitada.' } });
    expect(await ctx.db.$count(accounts, eq(accounts.userId, id))).toBe(0);
    // Not accepted: the invitation is still pending.
    expect(await ctx.db.$count(invitations, eq(invitations.userId, id))).toBe(1);

    // Active again: HR can resend it, and the new link works.
    expect((await post(`/api/company/users/${id}/status`, { status: 'active' }, as(hr))).statusCode).toBe(200);
    expect((await post(`/api/company/users/${id}/invitation/resend`, {}, as(hr))).statusCode).toBe(200);
    expect((await resetWith(await tokenMailedTo('nora@andes.cl', 1))).statusCode).toBe(200);
  });

  it('revoking once the person received tokens ends the link and disables the account, keeping its history', async () => {
    const { id, token } = await invite('Tito Con Tokens', 'tito');
    expect((await post('/api/company/tokens/assign', { userId: id, amount: 3 }, as(hr))).statusCode).toBe(200);
    const revoke = await ctx.app.inject({ method: 'DELETE', url: `/api/company/users/${id}/invitation`, headers: as(hr) });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const [row] = await ctx.db.select({ status: users.status }).from(users).where(eq(users.id, id));
    expect(row.status).toBe('inactive');
    expect(await ctx.db.$count(invitations, eq(invitations.userId, id))).toBe(0);
    expect((await resetWith(token)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await ctx.db.$count(accounts, eq(accounts.userId, id))).toBe(0);
    const history = await ctx.app.inject({ method: 'GET', url: '/api/company/tokens/history', headers: as(hr) });
    expect(history.json().items).toContainEqual(expect.objectContaining({ userId: id, amount: 3 }));
    // Nothing pending any more.
    expect((await post(`/api/company/users/${id}/invitation/resend`, {}, as(hr))).statusCode).toBe(404);
  });

  it('level 1 resends no invitation of a disabled provider', async () => {
    const res = await post('/api/providers/invite', { name: 'Librería Apagada', email: 'apagada@jobby.sup' }, as(root));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, id));
    const resend = await post(`/api/admin/users/${id}/invitation/resend`, {}, as(root));
    expect(resend.json().error.code).toBe('INVITATION_USER_DISABLED');
  });
});
