import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO = {
  admin: 'plataforma@jobby.cl',
  hr: 'admin@andes.cl',
  employee: 'camila@andes.cl',
  employeeSurveyPending: 'diego@andes.cl',
  otherEmployee: 'sofia@austral.cl',
  disabled: 'tomas@andes.cl',
  provider: 'cafe@jobby.sup',
  otherProvider: 'cine@jobby.sup',
} as const;

/**
 * The WhatsApp app secret of the journeys' server (playwright.config.ts sets it): a journey signs the
 * webhook deliveries it posts with it, as WhatsApp would.
 */
export const E2E_WHATSAPP_APP_SECRET = 'e2e-whatsapp-app-secret-0123456789';
export const E2E_WHATSAPP_VERIFY_TOKEN = 'e2e-verify-token';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 850 };
export const LAPTOP = { width: 1280, height: 800 };

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/**
 * The next person takes over in a new tab with no session. The previous tab is closed first: its app,
 * finding its session gone while it still refreshes what the last action changed, would load /login
 * by itself and abort the next journey step's navigation (CI, 27 Nov).
 */
export async function freshTab(page: Page): Promise<Page> {
  const context = page.context();
  await page.close();
  await context.clearCookies();
  return context.newPage();
}

/**
 * Resolves once the signed-in layout's requests made after its first paint (the bell's count and the
 * live stream, decision 332) have been answered. Start it before the navigation and await it before
 * ending the session mid-screen: otherwise one of them can be answered 401 afterwards and send the
 * page to /login before the journey's own step (CI, 27 Nov).
 */
export function layoutSettled(page: Page): Promise<unknown> {
  const answered = (path: string) => page.waitForResponse((response) => new URL(response.url()).pathname === path);
  return Promise.all([answered('/api/notifications/unread-count'), answered('/api/events')]);
}

/** The provider portal once its 2 s welcome has gone: the portal is drawn beneath it meanwhile, inert (decision 313). */
export async function providerPortalShown(page: Page) {
  await expect(page.getByTestId('provider-welcome')).toBeHidden({ timeout: 30_000 });
}

export async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** What a screen shows while it loads: Mantine's loader, a visible skeleton, a busy region. */
const LOADING = '.mantine-Loader-root, .mantine-Skeleton-root[data-visible], [aria-busy="true"]';

/**
 * The screen has finished loading: no loader, skeleton or busy region is on screen and the fonts are
 * in. (Not `networkidle`: the live stream keeps a request open, and idleness says nothing about the
 * screen.) A screenshot is for a person to look at, not an assertion: after 15 s it is taken anyway
 * and the journey's report says so.
 */
export async function settled(page: Page) {
  try {
    await page.waitForFunction(
      (selector) =>
        document.fonts.status === 'loaded' &&
        [...document.querySelectorAll(selector)].every((element) => element.getClientRects().length === 0 || getComputedStyle(element).visibility === 'hidden'),
      LOADING,
      { timeout: 15_000 },
    );
  } catch {
    test.info().annotations.push({ type: 'screenshot', description: `${page.url()} still showed a loader after 15 s` });
  }
}

/**
 * Saves a screenshot under e2e/screenshots/ for a person to look at (desktop and phone width; with
 * `laptop`, also 1280 px wide).
 */
export async function shoot(page: Page, name: string, options: { phone?: boolean; laptop?: boolean } = {}) {
  const sizes = [DESKTOP, ...(options.laptop ? [LAPTOP] : []), ...(options.phone === false ? [] : [PHONE])];
  for (const size of sizes) {
    await page.setViewportSize(size);
    await settled(page);
    const suffix = size === PHONE ? 'phone' : size === LAPTOP ? 'laptop' : 'desktop';
    await page.screenshot({ path: `e2e/screenshots/${name}-${suffix}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}

/** The data folder of the journeys' server (playwright.config.ts passes the same one as DATA_DIR). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? './data/e2e';

/**
 * The link of the latest mail to an address, from the development outbox (DEV_OUTBOX_API=on). The
 * outbox answers only with the token the server wrote at start to DATA_DIR (docs/operations.md).
 */
export async function outboxLink(page: Page, to: string): Promise<string> {
  const token = readFileSync(path.join(E2E_DATA_DIR, 'dev-outbox-token'), 'utf8').trim();
  let link = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { 'x-dev-outbox-token': token } });
      link = res.ok() ? (((await res.json()) as { link: string | null }).link ?? '') : '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** A name no other journey, retry or earlier run on the same server has used. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A person name no other journey, retry or run has used: the given name and a short tag. */
export function uniqueName(name: string): string {
  return `${name} ${Math.random().toString(36).slice(2, 7)}`;
}

/** An API client of the journeys' server, signed in as `email` (the page of the journey is untouched). */
export async function apiAs(email: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const baseURL = test.info().project.use.baseURL ?? '';
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: new URL(baseURL).origin } });
  const signedIn = await api.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(signedIn.status(), `sign-in of ${email}`).toBe(200);
  return api;
}

/** The codes the employee's dashboard still offers (a used one is gone from it). */
export async function activeCodesOf(person: Person): Promise<string[]> {
  const api = await apiAs(person.email, person.password);
  try {
    const res = await api.get('/api/me/dashboard');
    expect(res.status()).toBe(200);
    return ((await res.json()) as { activeCodes: Array<{ code: string }> }).activeCodes.map((c) => c.code);
  } finally {
    await api.dispose();
  }
}

async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const res = await response;
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

export type Person = { id: string; name: string; email: string; password: string };

/** The demo companies a journey may add people to, by their HR admin (demo data). */
const DEMO_COMPANIES = { andes: { domain: 'andes.cl', hr: DEMO.hr, hrPassword: DEMO_PASSWORD }, austral: { domain: 'austral.cl', hr: 'admin@austral.cl', hrPassword: DEMO_PASSWORD } } as const;

/** A company a journey adds people to: its email domain and its HR admin's sign-in. */
export type JourneyCompany = { id?: string; name?: string; domain: string; hr: string; hrPassword: string };

/** HR of `company` opens 'Importar' on its users list and reads `rows` (Nombre;Correo;Teléfono;Tipo) as a CSV file; answers the dialog showing the preview. */
export async function previewImport(page: Page, company: JourneyCompany, rows: string[]) {
  const csv = `Nombre;Correo;Teléfono;Tipo\r\n${rows.join('\r\n')}\r\n`;
  await signIn(page, company.hr, company.hrPassword);
  await expect(page).toHaveURL(/\/level2\/dashboard$/);
  await page.goto('/level2/users');
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar colaboradores' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'colaboradores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  return dialog;
}

/**
 * A company of one journey's own, created by level 1 through the API with its HR admin, for a journey
 * whose change is once per company (the month's allowance) or would disturb the demo companies.
 */
export async function newCompany(options: { name: string; maxUsers?: number }): Promise<Required<JourneyCompany>> {
  const name = uniqueName(options.name);
  const domain = `${unique('e2e')}.cl`;
  const hr = `admin@${domain}`;
  const hrPassword = 'clave-e2e-123';
  const admin = await apiAs(DEMO.admin);
  try {
    const { id } = await ok<{ id: string }>(
      admin.post('/api/companies', { data: { name, contactName: 'Contacto Prueba', contactEmail: `contacto@${domain}`, emailDomain: domain, maxUsers: options.maxUsers ?? 20 } }),
    );
    await ok(admin.post(`/api/companies/${id}/admins`, { data: { name: uniqueName('Admin RR.HH.'), email: hr, password: hrPassword, confirmPassword: hrPassword } }));
    return { id, name, domain, hr, hrPassword };
  } finally {
    await admin.dispose();
  }
}

/**
 * A fresh employee of a demo company (Andes unless told) for one journey, created through the API as
 * HR and level 1 would (a journey owns its data, so a retry or a rerun never meets what
 * an earlier try left). The name gets a tag of its own (`uniqueName`). The survey is pending, as for
 * any newcomer, unless `surveyDone` (survey A answered with `categories`, none by default);
 * `flexible` tokens are added by level 1 and `company` tokens assigned by HR.
 */
export async function newEmployee(options: {
  name: string;
  of?: keyof typeof DEMO_COMPANIES | JourneyCompany;
  type?: 'A' | 'B';
  surveyDone?: boolean | { categories: string[] };
  flexible?: number;
  companyTokens?: number;
}): Promise<Person> {
  const company = typeof options.of === 'object' ? options.of : DEMO_COMPANIES[options.of ?? 'andes'];
  const name = uniqueName(options.name);
  const email = `${unique('e2e')}@${company.domain}`;
  const password = 'clave-e2e-123';
  const hr = await apiAs(company.hr, company.hrPassword);
  const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });
  try {
    const { id } = await ok<{ id: string }>(hr.post('/api/company/users', { data: { name, email, password, confirmPassword: password } }));
    if (options.type === 'B') await ok(hr.post(`/api/company/users/${id}/type`, { data: { userType: 'B' } }));
    if (options.companyTokens) await ok(hr.post('/api/company/tokens/assign', { data: { userId: id, amount: options.companyTokens }, headers: key() }));
    if (options.flexible) {
      const admin = await apiAs(DEMO.admin);
      await ok(admin.post('/api/admin/tokens/add', { data: { userId: id, amount: options.flexible }, headers: key() }));
      await admin.dispose();
    }
    if (options.surveyDone) {
      const categories = options.surveyDone === true ? [] : options.surveyDone.categories;
      const self = await apiAs(email, password);
      await ok(self.put('/api/surveys/a/mine', { data: { generationalMemory: null, categories, satisfactionLevel: 'neutral' } }));
      await self.dispose();
    }
    return { id, name, email, password };
  } finally {
    await hr.dispose();
  }
}

/** A provider of its own for one journey, created by level 1 through the API (active, signs in at once). */
export async function newProvider(options: { name: string; category?: string }): Promise<Person> {
  const name = uniqueName(options.name);
  const email = `${unique('e2e')}@jobby.sup`;
  const password = 'clave-e2e-123';
  const admin = await apiAs(DEMO.admin);
  try {
    const { id } = await ok<{ id: string }>(admin.post('/api/providers', { data: { name, email, password, ...(options.category ? { category: options.category } : {}) } }));
    return { id, name, email, password };
  } finally {
    await admin.dispose();
  }
}

export type Redemption = { code: { code: string; expiresAt: string } | null; status: string };

/** Redeems a benefit of the caller's catalogue, found by its title, through the API (a journey's own employee). */
export async function redeemByTitle(api: APIRequestContext, kind: 'platform' | 'company', title: string): Promise<Redemption> {
  // Searched by the server (decision 273): the catalogue answers at most 100 benefits per section.
  const catalogue = await ok<Record<'platform' | 'company', Array<{ id: string; title: string }>>>(api.get(`/api/catalogue?search=${encodeURIComponent(title)}`));
  const benefit = catalogue[kind].find((b) => b.title === title);
  expect(benefit, `the demo data has '${title}'`).toBeTruthy();
  return ok<Redemption>(api.post('/api/redemptions', { data: { kind, benefitId: benefit!.id }, headers: { 'Idempotency-Key': crypto.randomUUID() } }));
}
