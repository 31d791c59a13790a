/**
 * The employee's wallet (decision 203): from the header's balance cards to the movements
 * of each balance, with the balance after each; a movement made while the page is open appears on it.
 * The employee is the journey's own.
 */
import { expect, test } from '@playwright/test';
import { apiAs, DEMO, newEmployee, signIn } from './support';

test('the header cards open the movements of each balance, with the balance after each', async ({ page }) => {
  test.setTimeout(180_000);
  const person = await newEmployee({ name: 'Tomás Billetera', surveyDone: true, flexible: 5, companyTokens: 3 });
  const admin = await apiAs(DEMO.admin);
  const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });
  expect((await admin.post('/api/admin/tokens/remove', { data: { userId: person.id, amount: 2, reason: 'Corrección de carga' }, headers: key() })).status()).toBe(200);

  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/level3\/dashboard$/);
  await page.getByTestId('wallet-link-flexibles').click();
  await expect(page).toHaveURL(/\/level3\/wallet\?saldo=flexibles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mis movimientos' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Movimientos de tokens Flexibles' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const newest = table.getByRole('row').nth(1);
  await expect(newest).toContainText('Quitado');
  await expect(newest).toContainText('−2');
  await expect(newest).toContainText('Corrección de carga');
  await expect(newest.getByTestId('wallet-balance-after')).toHaveText('3');
  await expect(table.getByRole('row').nth(2).getByTestId('wallet-balance-after')).toHaveText('5');
  await expect(page.getByRole('tab', { name: /Flexibles/ }).getByTestId('wallet-tab-balance')).toHaveText('3');

  // A movement while the page is open: it comes first, the balance after follows the ledger.
  expect((await admin.post('/api/admin/tokens/add', { data: { userId: person.id, amount: 4, reason: 'Premio del mes' }, headers: key() })).status()).toBe(200);
  await admin.dispose();
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').nth(1)).toContainText('Premio del mes');
  await expect(table.getByRole('row').nth(1).getByTestId('wallet-balance-after')).toHaveText('7');
  await expect(page.getByTestId('balance-flexibles')).toHaveText('7');

  // The filter by movement type.
  await page.getByRole('radiogroup', { name: 'Filtrar por tipo' }).getByText('Quitados').click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Corrección de carga');

  // The company balance: its own movements, from the other card.
  await page.getByTestId('wallet-link-empresa').click();
  await expect(page).toHaveURL(/\/level3\/wallet\?saldo=empresa$/);
  const company = page.getByRole('table', { name: 'Movimientos de tokens Empresa' });
  await expect(company.getByRole('row')).toHaveCount(2);
  await expect(company.getByRole('row').nth(1)).toContainText('+3');
  await expect(company.getByRole('row').nth(1).getByTestId('wallet-balance-after')).toHaveText('3');
});

test('an employee without movements sees the empty state', async ({ page }) => {
  const person = await newEmployee({ name: 'Inés Sinmovimientos', surveyDone: true });
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/level3\/dashboard$/);
  await page.goto('/level3/wallet?saldo=empresa');
  await expect(page.getByText('Aún no tienes movimientos de tokens Empresa.')).toBeVisible();
});
