/**
 * Invitation mails that were never delivered are sent again (decision 310): each delivery is recorded
 * on its invitation for the link it carried; the sweep finds the pending invitations whose mail was not
 * delivered within the grace period (the process that queued it died, or the mail server refused it)
 * and sends it again, once, with a new link (only the link's hash is kept, decision 354).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { invitations, mailOutbox, users } from '#server/db/schema';
import { resendUnmailedInvitations, sendInvitationMails, UNMAILED_GRACE_MS } from '#server/modules/invitations/service';
import { throwingLogger } from '../../support/logger';
import { as, createTestContext, createUser, ORIGIN, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
let root = '';

beforeAll(async () => {
  ctx = await createTestContext();
  await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
  root = await signIn(ctx.app, 'root@jobby.cl');
});
afterAll(async () => ctx.close());

async function inviteProvider(email: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/providers/invite', headers: as(root), payload: { name: `Proveedor ${email}`, email } });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}
const invitationOf = async (userId: string) => (await ctx.db.select().from(invitations).where(eq(invitations.userId, userId)))[0];
const mailsTo = (email: string) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(desc(mailOutbox.createdAt));
const sweep = () => resendUnmailedInvitations(ctx.db, ctx.app.deps.mail, ctx.config, throwingLogger);

/** As if the process that queued this invitation's mail had died before delivering it, `ago` ms after issuing it. */
async function loseMail(userId: string, ago: number) {
  await ctx.db
    .update(invitations)
    .set({ mailedAt: null, sentAt: new Date(Date.now() - ago) })
    .where(eq(invitations.userId, userId));
}

describe('invitation mails that were never delivered', () => {
  it('a delivered mail is recorded on its invitation, and the sweep leaves it alone', async () => {
    const id = await inviteProvider('entregado@jobby.sup');
    expect((await invitationOf(id)).mailedAt).toBeInstanceOf(Date);
    await sweep();
    expect(await mailsTo('entregado@jobby.sup')).toHaveLength(1);
  });

  it('a lost mail is sent again, with a new link, once its grace period has passed, and only once', async () => {
    const id = await inviteProvider('perdido@jobby.sup');
    const [first] = await mailsTo('perdido@jobby.sup');
    await loseMail(id, UNMAILED_GRACE_MS + 60_000);

    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo('perdido@jobby.sup');
    expect(mails).toHaveLength(2);
    // The first link's token was never kept: the new mail carries a new link, and only it works.
    expect(mails[0].link).not.toBe(first.link);
    expect(mails[0].subject).toBe('Te invitaron a Jobby: elige tu contraseña');
    expect((await invitationOf(id)).mailedAt).toBeInstanceOf(Date);

    await sweep();
    expect(await mailsTo('perdido@jobby.sup')).toHaveLength(2);
    const tokenOf = (link: string | null) => new URL(link ?? '').searchParams.get('token');
    const reset = (link: string | null) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { origin: ORIGIN, 'content-type': 'application/json' }, payload: { token: tokenOf(link), newPassword: 'clave-nueva-1' } });
    expect((await reset(first.link)).statusCode).toBe(400);
    expect((await reset(mails[0].link)).statusCode).toBe(200);
  });

  it('waits for the grace period: a mail still on its way is not sent twice', async () => {
    const id = await inviteProvider('en-camino@jobby.sup');
    await loseMail(id, 60_000);
    await sweep();
    expect(await mailsTo('en-camino@jobby.sup')).toHaveLength(1);
    expect((await invitationOf(id)).mailedAt).toBeNull();
  });

  it('an expired invitation is not sent again', async () => {
    const id = await inviteProvider('vencido@jobby.sup');
    await loseMail(id, UNMAILED_GRACE_MS + 60_000);
    await ctx.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.userId, id));
    await sweep();
    expect(await mailsTo('vencido@jobby.sup')).toHaveLength(1);
  });

  it('a person deactivated meanwhile is not sent it again', async () => {
    const id = await inviteProvider('desactivado@jobby.sup');
    await loseMail(id, UNMAILED_GRACE_MS + 60_000);
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, id));
    await sweep();
    expect(await mailsTo('desactivado@jobby.sup')).toHaveLength(1);
  });

  it("a delivery of an earlier link does not count for the one a resend made", async () => {
    const id = await inviteProvider('reenviado@jobby.sup');
    const earlier = await invitationOf(id);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/admin/users/${id}/invitation/resend`, headers: as(root), payload: {} })).statusCode).toBe(200);
    await ctx.db.update(invitations).set({ mailedAt: null }).where(eq(invitations.userId, id));
    // The first link's mail is confirmed late, after the resend.
    await sendInvitationMails(ctx.db, ctx.app.deps.mail, ctx.config, [
      { userId: id, email: 'reenviado@jobby.sup', name: 'Proveedor', token: 'enlace-anterior', companyName: null, issuedAt: earlier.sentAt },
    ], throwingLogger);
    const [row] = await ctx.db.select().from(invitations).where(eq(invitations.userId, id));
    expect(row.mailedAt).toBeNull();
  });
});
