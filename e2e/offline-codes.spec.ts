/**
 * Journey (c): an employee who opened their codes once opens them again with no
 * connection — the dashboard and 'Mis solicitudes' show the active code with its QR from the last
 * sync, say so, and offer no redemption — and after signing out nothing of theirs is left on the
 * device: not in localStorage, not in Cache Storage, and offline the app shows no code.
 * This file allows the service worker (the others block it: playwright.config.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, newEmployee, PHONE, redeemByTitle, signIn, signOut } from './support';

const BENEFIT = '20% de descuento en delivery';

test.use({ serviceWorkers: 'allow', viewport: PHONE });

/** What this origin keeps on the device: our localStorage keys, and every URL in Cache Storage. */
function keptOnDevice(page: Page) {
  return page.evaluate(async () => {
    const storage = Object.keys(localStorage).filter((key) => key.startsWith('jobby:'));
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) cached.push(request.url);
    }
    return { storage, storedText: storage.map((key) => localStorage.getItem(key)).join(''), cached };
  });
}

test("an employee's active codes open offline with their QR, and are gone from the device after signing out", async ({ page, context }) => {
  test.setTimeout(240_000);
  // Enough tokens left after the redemption for any recommended card to be one she could redeem online:
  // offline, each says 'Sin conexión para canjear' (with too few, the recommendations — which follow
  // what other journeys add to the catalogue — could all be 'Tokens insuficientes').
  const person = await newEmployee({ name: 'Olga Sin Señal', surveyDone: true, flexible: 60 });
  const api = await apiAs(person.email, person.password);
  const redemption = await redeemByTitle(api, 'platform', BENEFIT);
  await api.dispose();
  const code = redemption.code!.code;
  const qr = `Código QR de ${code}`;

  // Online once: the dashboard and 'Mis solicitudes' show the code; the service worker takes charge.
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/level3\/dashboard$/);
  await expect(page.getByTestId('active-code').getByRole('img', { name: qr })).toBeVisible();
  await page.goto('/level3/requests');
  await expect(page.getByTestId('request-row').getByRole('img', { name: qr })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  expect((await keptOnDevice(page)).storedText).toContain(code);

  // No connection: the reloaded dashboard still shows the code and its QR, says since when, and
  // offers no redemption.
  await context.setOffline(true);
  await page.goto('/level3/dashboard');
  const notice = page.getByTestId('offline-notice');
  await expect(notice).toContainText(/Sin conexión · actualizado hace (un momento|\d+ minutos?)/);
  await expect(notice).toContainText('Canjear beneficios necesita conexión');
  const active = page.getByTestId('active-code').filter({ hasText: BENEFIT });
  await expect(active.getByRole('img', { name: qr })).toBeVisible();
  await expect(active).toContainText(`${code.slice(0, 4)} ${code.slice(4)}`);
  await expect(page.getByRole('button', { name: /^Canjear por/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sin conexión para canjear' }).first()).toBeDisabled();
  // The offline screen keeps WCAG A/AA (the notice's contrast, the disabled buttons' names).
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // 'Mis solicitudes', reloaded offline too.
  await page.reload();
  await page.goto('/level3/requests');
  await expect(page.getByTestId('offline-notice')).toContainText('Sin conexión · actualizado hace');
  await expect(page.getByTestId('request-row').filter({ hasText: BENEFIT }).getByRole('img', { name: qr })).toBeVisible();

  // Still without signal a minute past the code's date (this phone's clock): nobody can ask the server,
  // so the code is shown expired, with no QR to scan, on both screens (decision 306).
  await page.clock.setFixedTime(Date.parse(redemption.code!.expiresAt) + 60_000);
  await page.reload();
  const row = page.getByTestId('request-row').filter({ hasText: BENEFIT });
  await expect(row.getByTestId('expired-code')).toContainText('Venció el');
  await expect(row.getByRole('img', { name: qr })).toHaveCount(0);
  await page.screenshot({ path: 'e2e/screenshots/level3-offline-expired-code-phone.png', animations: 'disabled' });
  await page.goto('/level3/dashboard');
  await expect(page.getByTestId('active-code').filter({ hasText: BENEFIT }).getByTestId('expired-code')).toBeVisible();
  await expect(page.getByRole('img', { name: qr })).toHaveCount(0);

  // Back online, signing out leaves nothing of the person on the device.
  await context.setOffline(false);
  await page.goto('/level3/dashboard');
  await expect(page.getByTestId('active-code').getByRole('img', { name: qr })).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  await signOut(page);
  const kept = await keptOnDevice(page);
  expect(kept.storage).toEqual([]);
  expect(kept.cached.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
  // The app's own files are still there (it still opens offline), with no answer of the API.
  expect(kept.cached.some((url) => new URL(url).pathname === '/index.html')).toBe(true);

  // Offline again, the app opens and shows no code.
  await context.setOffline(true);
  await page.goto('/level3/dashboard');
  await expect(page.getByTestId('offline-notice')).toHaveText(/^Sin conexión/);
  await expect(page.getByRole('img', { name: qr })).toHaveCount(0);
  await expect(page.getByText(`${code.slice(0, 4)} ${code.slice(4)}`)).toHaveCount(0);
  await context.setOffline(false);
});
