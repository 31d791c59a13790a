/**
 * Importing employees from a spreadsheet and inviting them: the server's preview
 * (nothing written) with each invalid row's line and the catalogue's message; confirming in chunks
 * with an Idempotency-Key; the same file twice creates nobody; maxUsers holds under the bulk path,
 * also with chunks at once; the invitation's link sets the password and the person signs in at level
 * 3 in the company; resend and revoke. Also a measurement of 2,000 rows (printed, never asserted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { invitations, mailOutbox, users, verifications } from '#server/db/schema';
import { resetPasswordIdentifier } from '#server/accounts/verification-tokens';
import { IMPORT_CHUNK_SIZE, type ImportRow } from '#domain/employee-import';
import { as, createCompany, createTestContext, createUser, ORIGIN, signIn, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';

let ctx: TestContext;
let andesId = '';
let hr = '';

beforeAll(async () => {
  ctx = await createTestContext();
  andesId = await createCompany(ctx.db, 'Andes Import', { emailDomain: 'andes-imp.cl', maxUsers: 5000 });
  await createCompany(ctx.db, 'Vecina', { emailDomain: 'vecina.cl' });
  await createUser(ctx.db, { email: 'rrhh@andes-imp.cl', level: 2, companyId: andesId, name: 'Carolina RRHH' });
  await createUser(ctx.db, { email: 'ya.esta@andes-imp.cl', level: 3, companyId: andesId });
  await createUser(ctx.db, { email: 'ajena@gmail.com', level: 3 });
  hr = await signIn(ctx.app, 'rrhh@andes-imp.cl');
});
afterAll(async () => ctx.close());

const post = (cookie: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: as(cookie, headers), payload: payload as object });
const row = (line: number, name: string, email: string, extra: Partial<ImportRow> = {}): ImportRow => ({ line, name, email, phone: '', userType: '', ...extra });

async function lastMailTo(email: string) {
  const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return mail;
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('the preview', () => {
  const file = [
    row(2, 'Ana Uno', 'ana.uno'),
    row(3, 'Beto Dos', 'beto.dos@andes-imp.cl', { userType: 'B', phone: '+56 9 8765 4321' }),
    row(4, 'Fuera', 'fuera@vecina.cl'),
    row(5, 'Repetida', 'ana.uno@andes-imp.cl'),
    row(6, 'Ya Está', 'ya.esta@andes-imp.cl'),
    row(7, 'Sin Tipo', 'sintipo', { userType: 'C' }),
    row(8, '', 'sinnombre'),
    row(9, 'Ajena', 'ajena@gmail.com'),
  ];

  it('says what would happen, row by row, with the catalogue\'s messages, and writes nothing', async () => {
    const before = await ctx.db.$count(users);
    const res = await post(hr, '/api/company/users/import/preview', { rows: file });
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.create).toEqual([
      { line: 2, email: 'ana.uno@andes-imp.cl' },
      { line: 3, email: 'beto.dos@andes-imp.cl' },
    ]);
    expect(preview.existing).toEqual([{ line: 6, email: 'ya.esta@andes-imp.cl' }]);
    expect(preview.invalid).toEqual([
      { line: 4, email: 'fuera@vecina.cl', message: 'El correo debe pertenecer a la empresa: nombre@andes-imp.cl' },
      { line: 5, email: 'ana.uno@andes-imp.cl', message: 'El correo está repetido en el archivo (ya aparece en la línea 2)' },
      { line: 7, email: 'sintipo@andes-imp.cl', message: 'El tipo debe ser A o B' },
      { line: 8, email: 'sinnombre', message: 'El nombre es obligatorio' },
      { line: 9, email: 'ajena@gmail.com', message: 'El correo debe pertenecer a la empresa: nombre@andes-imp.cl' },
    ]);
    expect(await ctx.db.$count(users)).toBe(before);
  });

  it('refuses an address someone outside the company holds without saying it is registered; its own HR\'s with the add form\'s message', async () => {
    const sinId = await createCompany(ctx.db, 'Sin Dominio Import');
    await createUser(ctx.db, { email: 'rrhh@sindominio-imp.cl', level: 2, companyId: sinId });
    const cookie = await signIn(ctx.app, 'rrhh@sindominio-imp.cl');
    const res = await post(cookie, '/api/company/users/import/preview', {
      rows: [row(2, 'Ajena', 'ajena@gmail.com'), row(3, 'Vecino', 'x@vecina.cl'), row(4, 'Corto', 'pepe'), row(5, 'Yo Misma', 'rrhh@sindominio-imp.cl'), row(6, 'Nadie', 'nadie.aun@gmail.com')],
    });
    expect(res.json().create).toEqual([{ line: 6, email: 'nadie.aun@gmail.com' }]);
    expect(res.json().invalid).toEqual([
      { line: 2, email: 'ajena@gmail.com', message: 'No es posible usar este correo electrónico' },
      { line: 3, email: 'x@vecina.cl', message: 'El correo no puede ser del dominio de otra empresa ni de los dominios de Jobby. Usa el correo propio de la persona.' },
      { line: 4, email: 'pepe', message: 'La empresa no tiene un dominio de correo registrado. Escribe el correo completo o pide a Jobby que registre el dominio.' },
      { line: 5, email: 'rrhh@sindominio-imp.cl', message: 'Ya existe un usuario con ese correo electrónico' },
    ]);
  });
});

describe('phone numbers of other companies', () => {
  const REGISTERED = 'Ese número ya está registrado para otro colaborador';
  const UNAVAILABLE = 'No es posible usar este número de teléfono';
  let otherCompanyHr = '';

  beforeAll(async () => {
    const otherId = await createCompany(ctx.db, 'Otra Con Teléfonos', { emailDomain: 'otra-tel.cl', maxUsers: 50 });
    await createUser(ctx.db, { email: 'rrhh@otra-tel.cl', level: 2, companyId: otherId });
    otherCompanyHr = await signIn(ctx.app, 'rrhh@otra-tel.cl');
    const andesPerson = await createUser(ctx.db, { email: 'con.telefono@andes-imp.cl', level: 3, companyId: andesId });
    await ctx.db.update(users).set({ phone: '+56922223333' }).where(eq(users.id, andesPerson));
    const otherPerson = await createUser(ctx.db, { email: 'vecino.tel@otra-tel.cl', level: 3, companyId: otherId });
    await ctx.db.update(users).set({ phone: '+56944445555' }).where(eq(users.id, otherPerson));
  });

  it("the preview says only that another company's number cannot be used; HR's own people's number is still 'registrado'", async () => {
    const res = await post(hr, '/api/company/users/import/preview', {
      rows: [row(2, 'Toma Ajeno', 'toma.ajeno', { phone: '+56 9 4444 5555' }), row(3, 'Toma Propio', 'toma.propio', { phone: '+56 9 2222 3333' }), row(4, 'Libre', 'libre.tel', { phone: '+56 9 6666 7777' })],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().create).toEqual([{ line: 4, email: 'libre.tel@andes-imp.cl' }]);
    expect(res.json().invalid).toEqual([
      { line: 2, email: 'toma.ajeno@andes-imp.cl', message: UNAVAILABLE },
      { line: 3, email: 'toma.propio@andes-imp.cl', message: REGISTERED },
    ]);
    // Seen from the other company, the roles swap: nothing tells it who holds the Andes number.
    const other = await post(otherCompanyHr, '/api/company/users/import/preview', { rows: [row(2, 'Prueba', 'prueba', { phone: '+56 9 2222 3333' })] });
    expect(other.json().invalid).toEqual([{ line: 2, email: 'prueba@otra-tel.cl', message: UNAVAILABLE }]);
    expect(JSON.stringify(other.json())).not.toContain('registrado');
  });

  it('confirming refuses the number the same way and creates nobody with it', async () => {
    const res = await post(hr, '/api/company/users/import', { rows: [row(2, 'Toma Ajeno', 'toma.ajeno2', { phone: '+56944445555' })] }, { 'idempotency-key': 'tel-ajeno-1' });
    expect(res.json()).toMatchObject({ created: 0, invalid: [{ line: 2, message: UNAVAILABLE }] });
    expect(await ctx.db.$count(users, eq(users.email, 'toma.ajeno2@andes-imp.cl'))).toBe(0);
  });

  it('a full company learns nothing about numbers: every row is the limit', async () => {
    const fullId = await createCompany(ctx.db, 'Llena Tel', { emailDomain: 'llena-tel.cl', maxUsers: 1 });
    await createUser(ctx.db, { email: 'rrhh@llena-tel.cl', level: 2, companyId: fullId });
    const cookie = await signIn(ctx.app, 'rrhh@llena-tel.cl');
    const rows = [row(2, 'Uno', 'uno', { phone: '+56944445555' }), row(3, 'Dos', 'dos', { phone: '+56966667777' })];
    const limit = 'Se ha alcanzado el límite de usuarios para esta empresa (1)';
    expect((await post(cookie, '/api/company/users/import/preview', { rows })).json().invalid.map((r: { message: string }) => r.message)).toEqual([limit, limit]);
    const confirmed = await post(cookie, '/api/company/users/import', { rows }, { 'idempotency-key': 'llena-1' });
    expect(confirmed.json().invalid.map((r: { message: string }) => r.message)).toEqual([limit, limit]);
  });

  it('previews are limited per HR person: the 31st in an hour answers 429 in Spanish, another HR is not affected', async () => {
    const limitedId = await createCompany(ctx.db, 'Muchas Vistas', { emailDomain: 'vistas-imp.cl', maxUsers: 50 });
    await createUser(ctx.db, { email: 'rrhh@vistas-imp.cl', level: 2, companyId: limitedId });
    const cookie = await signIn(ctx.app, 'rrhh@vistas-imp.cl');
    const rows = [row(2, 'Una', 'una', { phone: '+56 9 1000 0000' })];
    for (let i = 0; i < 30; i++) expect((await post(cookie, '/api/company/users/import/preview', { rows })).statusCode).toBe(200);
    const refused = await post(cookie, '/api/company/users/import/preview', { rows });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', message: 'Demasiadas solicitudes. Intenta nuevamente en un momento.' });
    expect((await post(otherCompanyHr, '/api/company/users/import/preview', { rows })).statusCode).toBe(200);
  });
});

describe('lone surrogates', () => {
  const MESSAGE = 'El texto contiene un carácter no válido (un sustituto UTF-16 suelto, como \\ud800)';

  it('an import chunk with a lone surrogate is a 400 naming the cell, again on a retry with the same key, never a 500', async () => {
    const rows = [row(2, 'Fuzz Dos', '\ud800'), row(3, 'Buena Fila', 'buena.fila')];
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await post(hr, '/api/company/users/import', { rows }, { 'idempotency-key': 'sur-1' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION', message: MESSAGE, details: [{ in: 'body', path: 'rows.0.email', message: MESSAGE }] });
    }
    expect(await ctx.db.$count(users, eq(users.email, 'buena.fila@andes-imp.cl'))).toBe(0);
    // The preview and the other half of a pair alone too; a whole pair (an emoji) is a character like any other.
    expect((await post(hr, '/api/company/users/import/preview', { rows: [row(2, 'Ana \udc00', 'ana.sur')] })).json().error.details).toEqual([{ in: 'body', path: 'rows.0.name', message: MESSAGE }]);
    const fine = await post(hr, '/api/company/users/import/preview', { rows: [row(2, 'Ana 😀', 'ana.emoji')] });
    expect(fine.statusCode).toBe(200);
  });

  it("is refused the same way by any other route's text (an invitation's name)", async () => {
    const res = await post(hr, '/api/company/users/invite', { name: 'Eva \ud83d', email: 'eva.sur' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: MESSAGE });
    expect(await ctx.db.$count(users, eq(users.email, 'eva.sur@andes-imp.cl'))).toBe(0);
  });
});

describe('confirming', () => {
  it('creates the valid rows with an invitation each; the same file again creates nobody; a retried chunk answers the same', async () => {
    const file = [row(2, 'Carla Tres', 'carla.tres', { userType: 'b', phone: '912345670' }), row(3, 'Dani Cuatro', 'dani.cuatro@andes-imp.cl'), row(4, 'Fuera', 'fuera@vecina.cl')];
    const first = await post(hr, '/api/company/users/import', { rows: file }, { 'idempotency-key': 'imp-1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: 2, existing: 0, invalid: [{ line: 4 }] });
    const [carla] = await ctx.db.select().from(users).where(eq(users.email, 'carla.tres@andes-imp.cl'));
    expect(carla).toMatchObject({ level: 3, companyId: andesId, userType: 'B', phone: '+56912345670', surveyCompleted: false, createdBy: expect.any(String) });
    expect(await ctx.db.$count(invitations, eq(invitations.userId, carla.id))).toBe(1);
    const mail = await lastMailTo('carla.tres@andes-imp.cl');
    expect(mail.subject).toBe('Te invitaron a Jobby: elige tu contraseña');
    expect(mail.body).toContain('Andes Import te invitó a Jobby');
    expect(mail.body).toContain('vence en 7 días');
    expect(mail.link).toContain('/reset-password?token=');
    expect(mail.link).toContain('invitacion=1');

    // The same chunk with its key: the stored answer, no new mail.
    const mailsBefore = await ctx.db.$count(mailOutbox);
    const retry = await post(hr, '/api/company/users/import', { rows: file }, { 'idempotency-key': 'imp-1' });
    expect(retry.headers['idempotency-hit']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    // The same file uploaded again (a new key): nobody new, both 'ya existe'.
    const again = await post(hr, '/api/company/users/import', { rows: file }, { 'idempotency-key': 'imp-2' });
    expect(again.json()).toMatchObject({ created: 0, existing: 2 });
    expect(await ctx.db.$count(mailOutbox)).toBe(mailsBefore);
    expect(await ctx.db.$count(users, eq(users.email, 'carla.tres@andes-imp.cl'))).toBe(1);
  });

  it('the invited person sets a password from the link, is no longer pending, and signs in at level 3 in the company', async () => {
    await post(hr, '/api/company/users/import', { rows: [row(2, 'Eva Cinco', 'eva.cinco')] });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/company/users?search=eva.cinco', headers: as(hr) });
    expect(list.json().items[0]).toMatchObject({ email: 'eva.cinco@andes-imp.cl', invitationPending: true });
    const { link } = await lastMailTo('eva.cinco@andes-imp.cl');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { token: tokenOf(link ?? ''), newPassword: 'nueva-clave-1' },
    });
    expect(reset.statusCode).toBe(200);
    const cookie = await signIn(ctx.app, 'eva.cinco@andes-imp.cl', 'nueva-clave-1');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: as(cookie) });
    expect(me.json()).toMatchObject({ level: 3, companyId: andesId, companyName: 'Andes Import' });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/company/users?search=eva.cinco', headers: as(hr) });
    expect(after.json().items[0].invitationPending).toBe(false);
  });

  it('resend makes a new link and ends the old one; revoke removes the account and its link', async () => {
    const invited = await post(hr, '/api/company/users/invite', { name: 'Fede Seis', email: 'fede.seis' });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toMatchObject({ email: 'fede.seis@andes-imp.cl', invitationPending: true });
    const id = invited.json().id as string;
    const oldToken = tokenOf((await lastMailTo('fede.seis@andes-imp.cl')).link ?? '');
    expect((await post(hr, `/api/company/users/${id}/invitation/resend`, {})).statusCode).toBe(200);
    const newToken = tokenOf((await lastMailTo('fede.seis@andes-imp.cl')).link ?? '');
    expect(newToken).not.toBe(oldToken);
    const links = await ctx.db.select({ identifier: verifications.identifier }).from(verifications).where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, id)));
    // Kept hashed (decision 354).
    expect(links).toEqual([{ identifier: resetPasswordIdentifier(newToken) }]);

    const revoke = await ctx.app.inject({ method: 'DELETE', url: `/api/company/users/${id}/invitation`, headers: as(hr) });
    expect(revoke.statusCode).toBe(200);
    expect(await ctx.db.$count(users, eq(users.id, id))).toBe(0);
    expect(await ctx.db.$count(verifications, eq(verifications.value, id))).toBe(0);
    // Gone: a second revoke or resend does not find it.
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/company/users/${id}/invitation`, headers: as(hr) })).json().error.message).toBe(
      'Esta persona no tiene una invitación pendiente',
    );
  });

  it('resend and revoke refuse someone who already chose a password', async () => {
    const id = await createUser(ctx.db, { email: 'con.clave@andes-imp.cl', level: 3, companyId: andesId });
    expect((await post(hr, `/api/company/users/${id}/invitation/resend`, {})).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/company/users/${id}/invitation`, headers: as(hr) })).statusCode).toBe(404);
  });
});

describe('the user limit under the bulk path', () => {
  it('creates up to maxUsers and reports the rest with the spec\'s message', async () => {
    const limitedId = await createCompany(ctx.db, 'Limitada Seguida', { emailDomain: 'seguida-imp.cl', maxUsers: 5 });
    await createUser(ctx.db, { email: 'rrhh@seguida-imp.cl', level: 2, companyId: limitedId });
    const cookie = await signIn(ctx.app, 'rrhh@seguida-imp.cl');
    const rows = Array.from({ length: 6 }, (_, i) => row(i + 2, `Persona ${i}`, `s${i}`));
    const answer = (await post(cookie, '/api/company/users/import', { rows }, { 'idempotency-key': 'seguida-1' })).json();
    expect(answer.created).toBe(4);
    expect(answer.invalid).toEqual(rows.slice(4).map((r) => ({ line: r.line, email: `${r.email}@seguida-imp.cl`, message: 'Se ha alcanzado el límite de usuarios para esta empresa (5)' })));
    expect(await ctx.db.$count(users, eq(users.companyId, limitedId))).toBe(5);
  });

  raceTest('chunks at once never pass maxUsers', async () => {
    const limitedId = await createCompany(ctx.db, 'Limitada Import', { emailDomain: 'limitada-imp.cl', maxUsers: 10 });
    await createUser(ctx.db, { email: 'rrhh@limitada-imp.cl', level: 2, companyId: limitedId });
    const cookie = await signIn(ctx.app, 'rrhh@limitada-imp.cl');
    const rows = Array.from({ length: 6 }, (_, i) => row(i + 2, `Persona ${i}`, `p${i}`));
    const preview = (await post(cookie, '/api/company/users/import/preview', { rows })).json();
    expect(preview.create).toHaveLength(6);

    // Three chunks of 6 at once for 9 places (1 used by HR): 9 accounts in all, never 10+.
    const chunks = [0, 1, 2].map((c) => Array.from({ length: 6 }, (_, i) => row(i + 2, `Persona ${c}-${i}`, `c${c}-${i}`)));
    const answers = await Promise.all(chunks.map((r, c) => post(cookie, '/api/company/users/import', { rows: r }, { 'idempotency-key': `lim-${c}` })));
    const created = answers.reduce((sum, a) => sum + (a.json().created as number), 0);
    expect(created).toBe(9);
    expect(await ctx.db.$count(users, eq(users.companyId, limitedId))).toBe(10);
    const refused = answers.flatMap((a) => a.json().invalid as Array<{ message: string }>);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.message).toBe('Se ha alcanzado el límite de usuarios para esta empresa (10)');
    // And the preview now says so too.
    const full = (await post(cookie, '/api/company/users/import/preview', { rows: [row(2, 'Una Más', 'una.mas')] })).json();
    expect(full.invalid).toEqual([{ line: 2, email: 'una.mas@limitada-imp.cl', message: 'Se ha alcanzado el límite de usuarios para esta empresa (10)' }]);
  });
});

describe('measurement', () => {
  it('imports 2,000 rows in chunks of IMPORT_CHUNK_SIZE and prints the time (not asserted)', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => row(i + 2, `Persona Medida ${i}`, `medida${i}`));
    const started = performance.now();
    const preview = await post(hr, '/api/company/users/import/preview', { rows });
    const previewMs = performance.now() - started;
    expect(preview.json().create).toHaveLength(2000);
    let created = 0;
    for (let i = 0; i < rows.length; i += IMPORT_CHUNK_SIZE) {
      const res = await post(hr, '/api/company/users/import', { rows: rows.slice(i, i + IMPORT_CHUNK_SIZE) }, { 'idempotency-key': `medida-${i}` });
      created += res.json().created as number;
    }
    const totalMs = performance.now() - started;
    expect(created).toBe(2000);
    console.log(`[medida] importación de 2.000 filas: vista previa ${Math.round(previewMs)} ms, total con invitaciones ${Math.round(totalMs)} ms`);
  });
});
