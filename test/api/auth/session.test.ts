import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('first sign-in derives level and company', () => {
  it('creates the company of an HR admin and attaches later employees to it', async () => {
    await post('/api/auth/sign-up/email', { name: 'RRHH Pacífico', email: 'admin@pacifico.cl', password: 'clave123' });
    const hrCookie = await signIn(ctx.app, 'admin@pacifico.cl', 'clave123');
    const hr = (await ctx.app.inject({ url: '/api/me', headers: as(hrCookie) })).json();
    expect(hr.level).toBe(2);
    expect(hr.companyName).toBe('pacifico');

    await post('/api/auth/sign-up/email', { name: 'Luis', email: 'luis@PACIFICO.cl', password: 'clave123' });
    const luis = (await ctx.app.inject({ url: '/api/me', headers: as(await signIn(ctx.app, 'luis@pacifico.cl', 'clave123')) })).json();
    expect(luis.level).toBe(3);
    expect(luis.companyId).toBe(hr.companyId);
  });

  it('gives an employee of an unknown company no company', async () => {
    await post('/api/auth/sign-up/email', { name: 'Eva', email: 'eva@nadie.cl', password: 'clave123' });
    const eva = (await ctx.app.inject({ url: '/api/me', headers: as(await signIn(ctx.app, 'eva@nadie.cl', 'clave123')) })).json();
    expect(eva).toMatchObject({ level: 3, companyId: null });
  });

  it('makes admin@jobby.cl a platform admin, not HR', async () => {
    await post('/api/auth/sign-up/email', { name: 'Staff', email: 'admin@jobby.cl', password: 'clave123' });
    const staff = (await ctx.app.inject({ url: '/api/me', headers: as(await signIn(ctx.app, 'admin@jobby.cl', 'clave123')) })).json();
    expect(staff).toMatchObject({ level: 1, companyId: null, isStaff: true });
  });

  it('makes a provider-domain address level 4', async () => {
    await post('/api/auth/sign-up/email', { name: 'Pizzería', email: 'pizza@jobby.sup', password: 'clave123' });
    const provider = (await ctx.app.inject({ url: '/api/me', headers: as(await signIn(ctx.app, 'pizza@jobby.sup', 'clave123')) })).json();
    expect(provider).toMatchObject({ level: 4, companyId: null });
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
    const { users } = await import('../../../src/server/db/schema');
    const { eq } = await import('drizzle-orm');
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, id));
    expect((await ctx.app.inject({ url: '/api/me', headers: as(cookie) })).statusCode).toBe(401);
  });

  // Resends the ORIGINAL cookie: a stolen or cached copy must stop working at sign-out (the cleared
  // cookie the answer sets proves nothing — it opens nothing even when the session lives on).
  // EXPECTED TO FAIL today: better-auth's signed session-cookie cache keeps the session alive for up
  // to 60 s after sign-out. Ending sessions at once is issue 6 §"Sessions" (branch `auth`); when
  // that lands vitest reports this as passing unexpectedly — then turn `it.fails` into `it`.
  it.fails('signs out: the original cookie no longer opens /api/me [pending: branch auth]', async () => {
    await createUser(ctx.db, { email: 'bye@andes.cl' });
    const cookie = await signIn(ctx.app, 'bye@andes.cl');
    expect((await ctx.app.inject({ url: '/api/me', headers: as(cookie) })).statusCode).toBe(200);
    const out = await post('/api/auth/sign-out', {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/me', headers: as(cookie) })).statusCode).toBe(401);
  });

  it('rate limits repeated attempts with the spec message', async () => {
    await createUser(ctx.db, { email: 'many@andes.cl' });
    const limited = await createTestContext({ signInAttemptsPerMinute: 3 });
    try {
      await createUser(limited.db, { email: 'many@andes.cl' });
      const statuses: number[] = [];
      let last = '';
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: 'many@andes.cl', password: 'mala-clave' },
          headers: { origin: ORIGIN, 'x-forwarded-for': `10.0.0.${i}` },
        });
        statuses.push(res.statusCode);
        last = res.json().error.message;
      }
      // Changing x-forwarded-for does not buy new attempts: the socket address is the key.
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      expect(last).toBe('Demasiados intentos fallidos. Intenta más tarde.');
    } finally {
      await limited.close();
    }
  });
});

describe('profile', () => {
  it('updates name and phone and saves the theme', async () => {
    const companyId = await createCompany(ctx.db, 'Perfil');
    const id = await createUser(ctx.db, { email: 'perfil@perfil.cl', companyId });
    const cookie = await signIn(ctx.app, 'perfil@perfil.cl');
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: as(cookie), payload: { name: 'Nuevo Nombre', phone: '+56 9 1111 2222' } });
    expect(res.json()).toMatchObject({ name: 'Nuevo Nombre', phone: '+56 9 1111 2222', companyName: 'Perfil' });
    await ctx.app.inject({ method: 'PUT', url: '/api/me/theme', headers: as(cookie), payload: { theme: 'dark' } });
    expect((await userRow(ctx.db, id)).themePreference).toBe('dark');
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
