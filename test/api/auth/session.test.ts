import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '#server/db/schema';
import { disableUser } from '#server/modules/users/service';
import { createCompany, createTestContext, createUser, ORIGIN, PASSWORD, signIn, as, userRow, type TestContext } from '../../support/app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: { origin: ORIGIN, ...headers } });

describe('registration', () => {
  it('registers a user without a level and without signing in', async () => {
    const res = await post('/api/auth/sign-up/email', { name: 'Ana Pérez', email: 'ana@andes.cl', password: 'clave123' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name.includes('session_token'))).toBeUndefined();
  });

  it('answers the spec message for an email already in use', async () => {
    const res = await post('/api/auth/sign-up/email', { name: 'Ana', email: 'ana@andes.cl', password: 'clave123' });
    expect(res.json().error.message).toBe('Este correo electrónico ya está en uso');
  });

  it('answers the spec message for a short password', async () => {
    const res = await post('/api/auth/sign-up/email', { name: 'Bea', email: 'bea@andes.cl', password: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('La contraseña debe tener al menos 6 caracteres');
  });

  it('answers the spec message for an invalid email', async () => {
    const res = await post('/api/auth/sign-up/email', { name: 'Bea', email: 'no-es-correo', password: 'clave123' });
    expect(res.json().error.message).toBe('El formato del correo electrónico no es válido');
  });
});

describe('sign-in', () => {
  it('refuses a wrong password with the spec message', async () => {
    await createUser(ctx.db, { email: 'wrong@andes.cl' });
    const res = await post('/api/auth/sign-in/email', { email: 'wrong@andes.cl', password: 'otra-clave' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Credenciales incorrectas. Verifica tu correo y contraseña.');
  });

  it('refuses a disabled account with the spec message', async () => {
    await createUser(ctx.db, { email: 'off@andes.cl', status: 'inactive' });
    const res = await post('/api/auth/sign-in/email', { email: 'off@andes.cl', password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Esta cuenta ha sido deshabilitada.');
  });

  it('stops a session as soon as its user is disabled', async () => {
    const id = await createUser(ctx.db, { email: 'later-off@andes.cl' });
    const cookie = await signIn(ctx.app, 'later-off@andes.cl');
    expect((await ctx.app.inject({ url: '/api/me', headers: as(cookie) })).statusCode).toBe(200);
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, id));
    expect((await ctx.app.inject({ url: '/api/me', headers: as(cookie) })).statusCode).toBe(401);
  });

  it('signs out: the original cookie no longer opens /api/me', async () => {
    await createUser(ctx.db, { email: 'bye@andes.cl' });
    const cookie = await signIn(ctx.app, 'bye@andes.cl');
    expect((await ctx.app.inject({ url: '/api/me', headers: as(cookie) })).statusCode).toBe(200);
    const out = await post('/api/auth/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    // The cookie the browser held before signing out, not the cleared one the answer sets.
    expect((await ctx.app.inject({ url: '/api/me', headers: as(cookie) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/auth/get-session', headers: as(cookie) })).json()).toBeNull();
  });
});

describe('sessions end when they should', () => {
  it('a password change ends every other session and keeps the caller signed in', async () => {
    await createUser(ctx.db, { email: 'cambio@andes.cl' });
    const laptop = await signIn(ctx.app, 'cambio@andes.cl');
    const phone = await signIn(ctx.app, 'cambio@andes.cl');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: as(laptop),
      payload: { currentPassword: PASSWORD, newPassword: 'nueva-clave', confirmPassword: 'nueva-clave' },
    });
    expect(res.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/me', headers: as(phone) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/me', headers: as(laptop) })).statusCode).toBe(401);
    const renewed = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await ctx.app.inject({ url: '/api/me', headers: as(renewed) })).statusCode).toBe(200);
  });

  it('disabling a user ends its sessions at once, on /api and on /api/auth', async () => {
    const id = await createUser(ctx.db, { email: 'baja@andes.cl' });
    const cookie = await signIn(ctx.app, 'baja@andes.cl');
    expect((await ctx.app.inject({ url: '/api/auth/get-session', headers: as(cookie) })).json()?.user.id).toBe(id);
    await disableUser(ctx.db, id, null);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/me', headers: as(cookie) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/auth/get-session', headers: as(cookie) })).json()).toBeNull();
  });

  it('refuses on /api/auth a session whose user was disabled behind the service (status only)', async () => {
    const id = await createUser(ctx.db, { email: 'baja2@andes.cl' });
    const cookie = await signIn(ctx.app, 'baja2@andes.cl');
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, id));
    const res = await ctx.app.inject({ url: '/api/auth/get-session', headers: as(cookie) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Esta cuenta ha sido deshabilitada.');
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
  });
});

describe('better-auth routes the product does not use are off', () => {
  it('answers 404 to update-user and stores no 100 kB name', async () => {
    const id = await createUser(ctx.db, { email: 'largo@andes.cl', name: 'Corto' });
    const cookie = await signIn(ctx.app, 'largo@andes.cl');
    const res = await post('/api/auth/update-user', { name: 'x'.repeat(100_000) }, { cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Recurso no encontrado');
    expect((await userRow(ctx.db, id)).name).toBe('Corto');
    expect((await ctx.app.inject({ url: '/api/me', headers: as(cookie) })).statusCode).toBe(200);
  });

  it('answers 404 to the other unused ones', async () => {
    await createUser(ctx.db, { email: 'otras@andes.cl' });
    const cookie = await signIn(ctx.app, 'otras@andes.cl');
    for (const path of ['change-email', 'delete-user', 'revoke-sessions', 'change-password', 'verify-password']) {
      expect((await post(`/api/auth/${path}`, {}, { cookie })).statusCode, path).toBe(404);
    }
    for (const path of ['list-sessions', 'list-accounts', 'ok']) {
      expect((await ctx.app.inject({ url: `/api/auth/${path}`, headers: as(cookie) })).statusCode, path).toBe(404);
    }
  });

  it('refuses a 100 kB name at sign-up with a Spanish message, and stores only the fields it validates', async () => {
    const long = await post('/api/auth/sign-up/email', { name: 'x'.repeat(100_000), email: 'nombre@andes.cl', password: 'clave123' });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('NAME_REQUIRED');
    const ok = await post('/api/auth/sign-up/email', { name: 'Ok', email: 'imagen@andes.cl', password: 'clave123', image: 'x'.repeat(10_000) });
    expect(ok.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'imagen@andes.cl'));
    expect(row.image).toBeNull();
    expect(row.level).toBeNull();
  });
});

describe('profile', () => {
  it('updates name and phone and saves the theme', async () => {
    const companyId = await createCompany(ctx.db, 'Perfil');
    const id = await createUser(ctx.db, { email: 'perfil@perfil.cl', companyId });
    const cookie = await signIn(ctx.app, 'perfil@perfil.cl');
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: as(cookie), payload: { name: 'Nuevo Nombre', phone: '+56 9 1111 2222' } });
    expect(res.json()).toMatchObject({ name: 'Nuevo Nombre', phone: '+56911112222', companyName: 'Perfil' });
    await ctx.app.inject({ method: 'PUT', url: '/api/me/theme', headers: as(cookie), payload: { theme: 'dark' } });
    expect((await userRow(ctx.db, id)).themePreference).toBe('dark');
  });

  it('keeps the phone when the save leaves it out, and clears it only on null or "" (decision 42)', async () => {
    const id = await createUser(ctx.db, { email: 'conserva@andes.cl' });
    const cookie = await signIn(ctx.app, 'conserva@andes.cl');
    const patch = (payload: object) => ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: as(cookie), payload });
    await patch({ name: 'Con Teléfono', phone: '+56933334444' });
    const nameOnly = await patch({ name: 'Solo Nombre' });
    expect(nameOnly.statusCode).toBe(200);
    expect(nameOnly.json().phone).toBe('+56933334444');
    expect((await userRow(ctx.db, id)).phone).toBe('+56933334444');
    expect((await patch({ name: 'Solo Nombre', phone: null })).json().phone).toBeNull();
    expect((await userRow(ctx.db, id)).phone).toBeNull();
    await patch({ name: 'Solo Nombre', phone: '+56933334444' });
    expect((await patch({ name: 'Solo Nombre', phone: '' })).json().phone).toBeNull();
    expect((await userRow(ctx.db, id)).phone).toBeNull();
  });

  it('refuses an empty name with a Spanish message', async () => {
    await createUser(ctx.db, { email: 'vacio@andes.cl' });
    const cookie = await signIn(ctx.app, 'vacio@andes.cl');
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: as(cookie), payload: { name: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('El nombre es obligatorio');
  });

  it('changes the password only with the current one', async () => {
    await createUser(ctx.db, { email: 'clave@andes.cl' });
    const cookie = await signIn(ctx.app, 'clave@andes.cl');
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/me/password', headers: as(cookie), payload: { currentPassword: 'no-es', newPassword: 'nueva123', confirmPassword: 'nueva123' } });
    expect(wrong.json().error.message).toBe('La contraseña actual no es correcta');
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/me/password', headers: as(cookie), payload: { currentPassword: PASSWORD, newPassword: 'nueva123', confirmPassword: 'nueva123' } });
    expect(ok.statusCode).toBe(200);
    await expect(signIn(ctx.app, 'clave@andes.cl', 'nueva123')).resolves.toContain('session_token');
  });
});
