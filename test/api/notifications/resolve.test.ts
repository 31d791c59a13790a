/**
 * Notifications resolve themselves (decision 202): 'espera tu aprobación' is marked done
 * for every reader when the request is decided, the bells' counts drop, and the readers hear it live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { drainOutbox } from '../engine/fixtures';
import { notifications } from '#server/db/schema';
import { createCompany, createTestContext, runOutbox, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';
import { createCompanyBenefit, createPlatformBenefit, employee, fund, getter, poster, type EmployeeSession } from '../economy/ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let companyA: string;
let root1: EmployeeSession;
let root2: EmployeeSession;
let hr1: EmployeeSession;
let hr2: EmployeeSession;
let hrOther: EmployeeSession;
let ana: EmployeeSession;
let dayOff: { id: string };
let giftCard: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  get = getter(ctx);
  companyA = await createCompany(ctx.db, 'Andes');
  const companyB = await createCompany(ctx.db, 'Austral');
  root1 = await employee(ctx, 'root1@jobby.cl', null, 1);
  root2 = await employee(ctx, 'root2@jobby.cl', null, 1);
  hr1 = await employee(ctx, 'rrhh1@andes.cl', companyA, 2);
  hr2 = await employee(ctx, 'rrhh2@andes.cl', companyA, 2);
  hrOther = await employee(ctx, 'rrhh@austral.cl', companyB, 2);
  ana = await employee(ctx, 'ana@andes.cl', companyA, 3);
  dayOff = await createCompanyBenefit(ctx.db, companyA, { title: 'Día libre', tokenCost: 1, availableTokens: 50, limitPerUser: 50, requiresApproval: true });
  giftCard = await createPlatformBenefit(ctx.db, { title: 'Gift card librería', type: 'third_party', tokenCost: 1, stockRemaining: null });
  await fund(ctx.db, { userId: ana.id, companyId: companyA }, 'jobby', 50);
  await fund(ctx.db, { userId: ana.id, companyId: companyA }, 'company', 50);
  await runOutbox(ctx);
});
afterAll(async () => ctx.close());

async function redeem(kind: 'platform' | 'company', benefitId: string): Promise<string> {
  const res = await post('/api/redemptions', ana.cookie, { kind, benefitId });
  expect(res.statusCode).toBe(200);
  return res.json().requestId as string;
}
const unread = async (who: EmployeeSession) => (await get('/api/notifications/unread-count', who.cookie)).json().unread as number;
const waitingOf = async (who: EmployeeSession) =>
  ((await get('/api/notifications?limit=100', who.cookie)).json().items as { type: string; read: boolean; resolved: boolean; body: string }[]).filter(
    (n) => n.type === 'request_waiting',
  );

describe('a decided request resolves its waiting notifications', () => {
  it('two HR readers get "espera tu aprobación"; one approves; both bells drop by one and show it done', async () => {
    const id = await redeem('company', dayOff.id);
    await runOutbox(ctx);
    const open = [await unread(hr1), await unread(hr2)];
    const [waiting] = await waitingOf(hr2);
    expect(waiting).toMatchObject({ read: false, resolved: false });
    expect(waiting.body).toContain('espera tu aprobación');
    expect(await unread(hrOther)).toBe(0);

    expect((await post(`/api/requests/${id}/approve`, hr1.cookie, {})).statusCode).toBe(200);
    await runOutbox(ctx);
    // Done for both, the one who decided and the other HR; the other company's HR never had it.
    expect([await unread(hr1), await unread(hr2)]).toEqual([open[0] - 1, open[1] - 1]);
    expect((await waitingOf(hr2)).map((n) => n.resolved)).toEqual([true]);
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.subject, `request:${id}`));
    expect(rows.map((r) => r.userId).sort()).toEqual([hr1.id, hr2.id].sort());
    for (const row of rows) expect(row.resolvedAt).not.toBeNull();
  });

  it('level 1 readers of a request awaiting the platform: one rejects, both counts drop by one', async () => {
    const id = await redeem('platform', giftCard.id);
    await runOutbox(ctx);
    const before = [await unread(root1), await unread(root2)];
    expect((await waitingOf(root2)).filter((n) => !n.resolved).length).toBeGreaterThan(0);
    expect((await post(`/api/requests/${id}/reject`, root2.cookie, {})).statusCode).toBe(200);
    await runOutbox(ctx);
    expect([await unread(root1), await unread(root2)]).toEqual([before[0] - 1, before[1] - 1]);
    expect((await waitingOf(root1)).every((n) => n.resolved)).toBe(true);
  });

  it('a reader who had already read it keeps its read time and sees it resolved', async () => {
    const id = await redeem('company', dayOff.id);
    await runOutbox(ctx);
    const [mine] = await ctx.db.select().from(notifications).where(and(eq(notifications.subject, `request:${id}`), eq(notifications.userId, hr2.id)));
    expect((await post(`/api/notifications/${mine.id}/read`, hr2.cookie, {})).statusCode).toBe(200);
    const [read] = await ctx.db.select().from(notifications).where(eq(notifications.id, mine.id));
    expect((await post(`/api/requests/${id}/reject`, hr1.cookie, {})).statusCode).toBe(200);
    await runOutbox(ctx);
    const [after] = await ctx.db.select().from(notifications).where(eq(notifications.id, mine.id));
    expect(after.readAt?.toISOString()).toBe(read.readAt?.toISOString());
    expect(after.resolvedAt).not.toBeNull();
  });
});

describe('a decision handled before its creation event', () => {
  it('writes no waiting notification for a request that was already decided', async () => {
    const id = await redeem('company', dayOff.id);
    // Decide before any worker ran: the 'created' event is handled after the decision committed.
    expect((await post(`/api/requests/${id}/approve`, hr1.cookie, {})).statusCode).toBe(200);
    await runOutbox(ctx);
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.subject, `request:${id}`));
    expect(rows).toEqual([]);
  });

  raceTest('leaves no open waiting notification when both events are handled by several workers at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await redeem('company', dayOff.id));
    for (const id of ids) expect((await post(`/api/requests/${id}/approve`, hr2.cookie, {})).statusCode).toBe(200);
    // Four workers at once, as four server copies: each request's 'created' and 'decided' may meet.
    await drainOutbox(ctx.db, 4);
    const open = await ctx.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.subject, ids.map((id) => `request:${id}`)), isNull(notifications.resolvedAt)));
    expect(open).toEqual([]);
  });
});
