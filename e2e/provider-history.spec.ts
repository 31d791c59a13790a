/**
 * The provider's history: a provider of its own, whose benefit two employees of their
 * own redeemed, finds one by the employee's name, filters by dates (a month without codes, then
 * today), downloads the CSV it invoices from (its content read back), and on a phone sees its pending
 * requests before the history.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { APP_TIME_ZONE } from '../src/domain/dates';
import { apiAs, DEMO, freshTab, newEmployee, newProvider, PHONE, providerPortalShown, redeemByTitle, signIn, uniqueName } from './support';

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** The calendar's name of a day, as Mantine writes it in Spanish ('26 noviembre 2026'); the browser runs in Santiago. */
function dayLabel(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/**
 * Today in Santiago, where the browser and the server's business day are: this process may run in UTC,
 * which is already tomorrow between 21:00 and 24:00 Santiago time.
 */
function santiagoToday(): Date {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** A code as the table shows it: two groups of four (CodeText). */
const shown = (code: string) => `${code.slice(0, 4)} ${code.slice(4)}`;

async function pickRange(page: Page, from: string, to: string, monthsBack = 0) {
  await page.getByLabel('Fechas', { exact: true }).click();
  for (let i = 0; i < monthsBack; i += 1) await page.getByRole('button', { name: 'Mes anterior' }).click();
  await page.getByRole('button', { name: from, exact: true }).click();
  await page.getByRole('button', { name: to, exact: true }).click();
}

test('a provider searches its history, filters it by dates and downloads the CSV; on a phone the pending requests come first', async ({ page }) => {
  const provider = await newProvider({ name: 'Heladería Polar' });
  const title = uniqueName('Helado doble');
  const admin = await apiAs(DEMO.admin);
  const created = await admin.post('/api/platform-benefits', {
    data: { title, description: 'Dos sabores a elección', type: 'automatic', tokenCost: 1, stock: 0, limitPerUser: 0, providerUserId: provider.id },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  await admin.dispose();

  const providerApi = await apiAs(provider.email, provider.password);
  const codes: Record<'ana' | 'bruno', string> = { ana: '', bruno: '' };
  const people = {
    ana: await newEmployee({ name: 'Ana Pérez', surveyDone: true, flexible: 2 }),
    bruno: await newEmployee({ name: 'Bruno Díaz', of: 'austral', surveyDone: true, flexible: 2 }),
  };
  for (const who of ['ana', 'bruno'] as const) {
    const api = await apiAs(people[who].email, people[who].password);
    codes[who] = (await redeemByTitle(api, 'platform', title)).code!.code;
    await api.dispose();
    const verified = await providerApi.post('/api/codes/verify', { data: { code: codes[who] }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect(verified.ok(), await verified.text()).toBeTruthy();
  }
  await providerApi.dispose();

  await signIn(page, provider.email, provider.password);
  await expect(page).toHaveURL(/\/level4$/);
  // The search and the dates are typed into the portal, which is inert under its welcome (decision 313).
  await providerPortalShown(page);
  const table = page.getByRole('table', { name: 'Historial de tokens procesados' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table).toContainText(shown(codes.ana));
  await expect(table).toContainText(shown(codes.bruno));

  // The employee's name finds their code only.
  await page.getByRole('textbox', { name: 'Buscar por código, beneficio o usuario' }).fill(people.bruno.name);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(shown(codes.bruno));
  await expect(table).not.toContainText(shown(codes.ana));
  await page.getByRole('textbox', { name: 'Buscar por código, beneficio o usuario' }).fill('');
  await expect(table.getByRole('row')).toHaveCount(3);

  // Last month's first two days: nothing; today alone: both codes.
  const today = santiagoToday();
  const lastMonth = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  await pickRange(page, dayLabel(lastMonth), dayLabel(new Date(lastMonth.getFullYear(), lastMonth.getMonth(), 2)), 1);
  await expect(page.getByText('Ningún canje coincide con la búsqueda o las fechas.')).toBeVisible();
  await expect(page.getByLabel('Fechas', { exact: true })).toHaveText(/^\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}$/);
  await page.getByRole('button', { name: 'Quitar fechas' }).click();
  await pickRange(page, dayLabel(today), dayLabel(today));
  await expect(table.getByRole('row')).toHaveCount(3);

  // The CSV the provider invoices from: the same rows, in the one export format.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('historial-canjes.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('Fecha;Código;Beneficio;Origen;Usuario;Empresa;Tokens');
  expect(lines).toHaveLength(3);
  expect(lines.find((line) => line.includes(codes.ana))).toMatch(new RegExp(`^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};${codes.ana};${title};Jobby;${people.ana.name};Andes;1$`));

  // On a phone the work queue comes before the history.
  await page.setViewportSize(PHONE);
  const queue = await page.getByRole('heading', { name: 'Solicitudes pendientes' }).boundingBox();
  const history = await page.getByRole('heading', { name: 'Historial de tokens procesados' }).boundingBox();
  expect(queue!.y).toBeLessThan(history!.y);

  // Level 1 downloads the redemptions by provider and month: this provider, this month, two codes.
  // In a fresh tab: the provider's page, finding its session gone, would go to /login by itself (freshTab).
  page = await freshTab(page);
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/level1\/dashboard$/);
  await page.goto('/level1/providers');
  const [summary] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Canjes por proveedor y mes (CSV)' }).click()]);
  const rows = readFileSync((await summary.path())!, 'utf8').slice(1).trim().split('\r\n');
  expect(rows[0]).toBe('Mes;Proveedor;Correo;Códigos canjeados;De beneficios Jobby;De beneficios de empresa;Tokens');
  const month = new Intl.DateTimeFormat('es-CL', { timeZone: 'America/Santiago', month: 'long', year: 'numeric' }).format(new Date()).replace(' de ', ' ');
  expect(rows).toContain(`${month};${provider.name};${provider.email};2;2;0;2`);
});
