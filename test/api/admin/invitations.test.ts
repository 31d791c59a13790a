/**
 * Level 1's invitations (decision 212): an HR admin of a company and a provider invited by mail, with
 * no password; the users list shows them pending; the HR admin sets a password from the link and signs
 * in at level 2 in that company; resend and revoke reach only HR admins and providers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { accounts, mailOutbox, users } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, ORIGIN, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
let root = '';
let companyId = '';

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = await createCompany(ctx.db, 'Costa Invitada', { emailDomain: 'costa-inv.cl' });
  await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
  root = await signIn(ctx.app, 'root@jobby.cl');
});
afterAll(async () => ctx.close());

const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers: as(root), payload: payload as object });
async function linkTo(email: string) {
  const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return mail;
}
const pending = async (search: string) =>
  ((await ctx.app.inject({ method: 'GET', url: `/api/admin/users?search=${encodeURIComponent(search)}`, headers: as(root) })).json().items as Array<{ invitationPending: boolean }>)[0]
    ?.invitationPending;

describe('level 1 invites', () => {
  it('an HR admin: no password, pending in the list, a mail naming the company; the link sets it and they land at level 2 in it', async () => {
    const res = await post(`/api/companies/${companyId}/admins/invite`, { name: 'Rosa RRHH', email: 'admin@costa-inv.cl' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(String), name: 'Rosa RRHH', email: 'admin@costa-inv.cl', level: 2, companyId });
    expect(await ctx.db.$count(accounts, eq(accounts.userId, res.json().id))).toBe(0);
    expect(await pending('admin@costa-inv.cl')).toBe(true);
    const mail = await linkTo('admin@costa-inv.cl');
    expect(mail.subject).toBe('Te invitaron a Jobby: elige tu contraseña');
    expect(mail.body).toContain('Costa Invitada te invitó a Jobby');

    const token = new URL(mail.link ?? '').searchParams.get('token');
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { origin: ORIGIN, 'content-type': 'application/json' }, payload: { token, newPassword: 'clave-rosa-1' } });
    expect(reset.statusCode).toBe(200);
    const cookie = await signIn(ctx.app, 'admin@costa-inv.cl', 'clave-rosa-1');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: as(cookie) })).json()).toMatchObject({ level: 2, companyId });
    expect(await pending('admin@costa-inv.cl')).toBe(false);
    // Accepted: nothing left to resend.
    expect((await post(`/api/admin/users/${res.json().id}/invitation/resend`, {})).statusCode).toBe(404);
  });

  it('a provider: resend makes a new link; revoke removes the account', async () => {
    const res = await post('/api/providers/invite', { name: 'Librería Invitada', email: 'libreria-inv@jobby.sup' });
    expect(res.statusCode).toBe(200);
    const id = res.json().id as string;
    expect(await pending('libreria-inv@jobby.sup')).toBe(true);
    const first = (await linkTo('libreria-inv@jobby.sup')).link;
    expect((await post(`/api/admin/users/${id}/invitation/resend`, {})).statusCode).toBe(200);
    expect((await linkTo('libreria-inv@jobby.sup')).link).not.toBe(first);
    const revoke = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}/invitation`, headers: as(root) });
    expect(revoke.statusCode).toBe(200);
    expect(await ctx.db.$count(users, eq(users.id, id))).toBe(0);
  });

  it('an invited employee is HR\'s to resend or revoke, not level 1\'s', async () => {
    await createUser(ctx.db, { email: 'rrhh@costa-inv.cl', level: 2, companyId });
    const hr = await signIn(ctx.app, 'rrhh@costa-inv.cl');
    const invited = await ctx.app.inject({ method: 'POST', url: '/api/company/users/invite', headers: as(hr), payload: { name: 'Empleada Invitada', email: 'empleada' } });
    expect(invited.statusCode).toBe(200);
    const res = await post(`/api/admin/users/${invited.json().id}/invitation/resend`, {});
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Esta persona no tiene una invitación pendiente');
  });
});
