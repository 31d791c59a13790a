/**
 * Sessions and devices without a connection.
 * - 'Cerrar sesión' pressed offline ends the session for sure: once the connection is back, the old
 *   session cookie is refused by the server, whether the tab stayed open or was closed and the app
 *   opened again (decision 346).
 * - A dashboard shown offline comes back by itself when the connection does, never as the full-page
 *   'Error al cargar datos de usuario' (decision 347).
 * This file allows the service worker, as offline-codes.spec.ts does (the others block it).
 */
import { expect, request, test, type BrowserContext, type Page } from '@playwright/test';
import { apiAs, newEmployee, PHONE, redeemByTitle, signIn, signOut } from './support';

const BENEFIT = '20% de descuento en delivery';

test.use({ serviceWorkers: 'allow', viewport: PHONE });

/** The session cookie this browser holds now (better-auth's, `jobby.session_token`). */
async function sessionCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name.endsWith('session_token'));
  expect(cookie, 'a session cookie after signing in').toBeDefined();
  return `${cookie!.name}=${cookie!.value}`;
}

/** What the server answers GET /api/me with the given Cookie header alone (another client: no marker). */
async function meStatusWith(cookie: string): Promise<number> {
  const baseURL = test.info().project.use.baseURL ?? '';
  const client = await request.newContext({ baseURL, extraHTTPHeaders: { cookie } });
  try {
    return (await client.get('/api/me')).status();
  } finally {
    await client.dispose();
  }
}

/** Signs a fresh employee in on the dashboard, with the service worker in charge of the page. */
async function employeeOnDashboard(page: Page, name: string) {
  const person = await newEmployee({ name, surveyDone: true, flexible: 5 });
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/level3\/dashboard$/);
  await expect(page.getByRole('heading', { name: /¡Hola, / })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return person;
}

test('signed out offline, the tab left open ends the session on the server as soon as the connection is back', async ({ page, context }) => {
  test.setTimeout(180_000);
  await employeeOnDashboard(page, 'Olga Sale Sin Señal');
  const oldSession = await sessionCookie(context);

  await context.setOffline(true);
  await signOut(page);
  // Offline the server cannot have heard it yet: the session is still valid for anyone holding it.
  await context.setOffline(false);
  // The /login tab finishes the sign-out by itself, without anything pressed or reloaded.
  await expect.poll(() => meStatusWith(oldSession), { timeout: 20_000 }).toBe(401);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
});

test('signed out offline and closed, the app opened again online shows /login and the old session is refused', async ({ page, context }) => {
  test.setTimeout(180_000);
  await employeeOnDashboard(page, 'Olga Cierra Sin Señal');
  const oldSession = await sessionCookie(context);

  await context.setOffline(true);
  await signOut(page);
  // The tab is closed before the connection returns: nothing of the app runs when it does. The next
  // person opens the app on this device.
  await page.close();
  await context.setOffline(false);
  const next = await context.newPage();
  await next.goto('/');
  await expect(next.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await expect(next).toHaveURL(/\/login$/);
  await expect(next.getByTestId('user-menu')).toHaveCount(0);
  expect(await meStatusWith(oldSession)).toBe(401);
  // Nothing of the session is left in this browser either.
  expect((await context.cookies()).map((c) => c.name).filter((name) => name.endsWith('session_token'))).toEqual([]);
});

test('a dashboard opened offline on the first visit comes back by itself, refreshed, when the connection does', async ({ page, context }) => {
  test.setTimeout(180_000);
  const person = await newEmployee({ name: 'Olga Vuelve A Conectarse', surveyDone: true, flexible: 5 });
  const api = await apiAs(person.email, person.password);
  const redemption = await redeemByTitle(api, 'platform', BENEFIT);
  const qr = `Código QR de ${redemption.code!.code}`;
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/level3\/dashboard$/);
  await expect(page.getByTestId('active-code').getByRole('img', { name: qr })).toBeVisible();
  // The service worker takes charge of this first tab without a reload (it claims it, decision 348).
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true);

  // No connection: the dashboard opened again shows the code kept on the device.
  await context.setOffline(true);
  await page.goto('/level3/dashboard');
  await expect(page.getByTestId('offline-notice')).toContainText('Sin conexión · actualizado');
  await expect(page.getByTestId('active-code').getByRole('img', { name: qr })).toBeVisible();

  // Meanwhile the person redeems again elsewhere; back online, the screen reads everything again and
  // shows it, with nothing pressed.
  await redeemByTitle(api, 'platform', BENEFIT);
  await api.dispose();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  await expect(page.getByTestId('active-code')).toHaveCount(2);
  await expect(page.getByTestId('active-code').getByRole('img', { name: qr })).toBeVisible();
  await expect(page.getByText('Error al cargar datos de usuario')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
});
