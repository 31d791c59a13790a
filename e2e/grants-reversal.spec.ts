/**
 * Every money moment is confirmed and reversible (decisions 358–361): HR assigns 1,000
 * tokens and sees the confirmation naming the person, the amount and the balance after (above the
 * threshold, a second step in words); cancelling leaves the balance; the grant is reversed from the
 * history, and the person's wallet shows both lines. The company is the journey's own (no monthly
 * allowance, so the threshold is 100); the screenshots go to SHOTS_DIR for a person to look at.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, DEMO, DESKTOP, newCompany, newEmployee, PHONE, settled, signIn } from './support';

const SHOTS_DIR = process.env.SHOTS_DIR;

/** Desktop and phone screenshots when SHOTS_DIR is set (not part of the repository). */
async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  for (const [size, suffix] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
    await page.setViewportSize(size);
    await settled(page);
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${suffix}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}

async function companyBalance(hr: APIRequestContext, email: string): Promise<number> {
  const body = (await (await hr.get(`/api/company/employees?search=${encodeURIComponent(email)}`)).json()) as { items: Array<{ email: string; company: number }> };
  return body.items.find((e) => e.email === email)?.company ?? 0;
}

test('HR confirms a grant of 1.000 by name and in words, cancels once, and reverses it; the wallet shows both lines', async ({ page }) => {
  test.setTimeout(180_000);
  const company = await newCompany({ name: 'Reversiones' });
  const isidora = await newEmployee({ name: 'Isidora Contreras', of: company, surveyDone: true, companyTokens: 5 });
  const hrApi = await apiAs(company.hr, company.hrPassword);

  await signIn(page, company.hr, company.hrPassword);
  await expect(page).toHaveURL(/\/level2\/dashboard$/);
  await page.goto('/level2/tokens');
  await expect(page.getByRole('heading', { name: 'Tokens de la empresa', level: 1 })).toBeVisible({ timeout: 30_000 });
  const openAssign = async () => {
    await page.getByRole('table', { name: 'Colaboradores y sus tokens' }).getByRole('row', { name: new RegExp(isidora.email.replace(/\./g, '\\.')) }).getByRole('button', { name: /Asignar tokens a/ }).click();
    const form = page.getByRole('dialog', { name: 'Asignar tokens de empresa' });
    await form.getByLabel('Cantidad').fill('1000');
    await form.getByRole('button', { name: 'Asignar' }).click();
    return page.getByRole('dialog', { name: 'Confirmar asignación' });
  };

  // 1. The confirmation names the person, the amount and the balance after; cancelling sends nothing.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/company/tokens/')) sent.push(request.url());
  });
  let confirm = await openAssign();
  await expect(confirm.getByTestId('grant-confirm-message')).toHaveText(`¿Asignar 1.000 tokens de empresa a ${isidora.name}? Su saldo pasará de 5 a 1.005`);
  // 1,000 is above the threshold of a company without allowance (100): the second step, in words.
  await expect(confirm.getByTestId('grant-large-step')).toContainText('Son más de 100 tokens por persona');
  const send = confirm.getByRole('button', { name: 'Asignar' });
  await expect(send).toBeDisabled();
  await shot(page, 'grants-confirm-large');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  expect(sent).toEqual([]);
  expect(await companyBalance(hrApi, isidora.email)).toBe(5);

  // 2. Again, typing the word: the grant goes through.
  confirm = await openAssign();
  await confirm.getByLabel('Escribe ASIGNAR para confirmar').fill('asignar');
  await expect(confirm.getByRole('button', { name: 'Asignar' })).toBeEnabled();
  await shot(page, 'grants-confirm-typed');
  await confirm.getByRole('button', { name: 'Asignar' }).click();
  await expect(page.getByRole('status').filter({ hasText: `1.000 tokens asignados correctamente a ${isidora.name}` })).toBeVisible();
  expect(await companyBalance(hrApi, isidora.email)).toBe(1005);

  // 3. The history's 'Revertir' asks, naming the person and the amount, and takes it back.
  const history = page.getByRole('table', { name: 'Historial de transacciones' });
  const grantRow = history.getByRole('row', { name: /Asignación manual/ }).filter({ hasText: '+1.000' });
  await grantRow.getByRole('button', { name: 'Revertir' }).click();
  const reverse = page.getByRole('dialog', { name: 'Revertir asignación' });
  await expect(reverse.getByTestId('reverse-confirm-message')).toContainText(`¿Revertir la asignación de 1.000 tokens de empresa a ${isidora.name} (Asignación manual)?`);
  await shot(page, 'grants-reverse-dialog');
  await reverse.getByRole('button', { name: 'Revertir' }).click();
  await expect(reverse).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Asignación revertida: se descontaron 1.000 tokens a ${isidora.name}` })).toBeVisible();
  await expect(history.getByTestId('movement-reversal').first()).toBeVisible();
  expect(await companyBalance(hrApi, isidora.email)).toBe(5);
  await hrApi.dispose();

  // 4. Isidora's wallet: the reversal first, then the grant it names, the balance back to 5.
  await page.context().clearCookies();
  await signIn(page, isidora.email, isidora.password);
  await expect(page).toHaveURL(/\/level3\/dashboard$/);
  await page.goto('/level3/wallet?saldo=empresa');
  const wallet = page.getByRole('table', { name: 'Movimientos de tokens Empresa' });
  await expect(wallet.getByRole('row')).toHaveCount(4);
  const newest = wallet.getByRole('row').nth(1);
  await expect(newest).toContainText('Reversión');
  await expect(newest).toContainText('−1.000');
  await expect(newest).toContainText('Reversión: Asignación manual');
  await expect(newest.getByTestId('wallet-balance-after')).toHaveText('5');
  const granted = wallet.getByRole('row').nth(2);
  await expect(granted).toContainText('+1.000');
  await expect(granted).toContainText('Revertida');
  await expect(granted.getByTestId('wallet-balance-after')).toHaveText('1.005');
  await shot(page, 'grants-wallet');
});

test("level 1's 'Añadir tokens' asks first and its grant is reversed from the history; HR's bulk assignment names the people and the total", async ({ page }) => {
  test.setTimeout(180_000);
  const company = await newCompany({ name: 'Masivas' });
  const people = await Promise.all(['Ana Masiva', 'Bruno Masivo'].map((name) => newEmployee({ name, of: company, surveyDone: true })));

  // HR: a decimal has its own message; the bulk confirmation names the count and the total.
  await signIn(page, company.hr, company.hrPassword);
  await expect(page).toHaveURL(/\/level2\/dashboard$/);
  await page.goto('/level2/tokens');
  await expect(page.getByRole('heading', { name: 'Tokens de la empresa', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('table', { name: 'Colaboradores y sus tokens' }).getByRole('button', { name: /Asignar tokens a/ }).first().click();
  const form = page.getByRole('dialog', { name: 'Asignar tokens de empresa' });
  await form.getByLabel('Cantidad').fill('2.5');
  await form.getByRole('button', { name: 'Asignar' }).click();
  await expect(form.getByText('La cantidad debe ser un número entero')).toBeVisible();
  await form.getByRole('button', { name: 'Cancelar' }).click();

  await page.getByRole('button', { name: 'Asignación masiva' }).click();
  const bulk = page.getByRole('dialog', { name: 'Asignación masiva de tokens' });
  await bulk.getByLabel(/^Seleccionar todos \(\d+\)$/).check();
  await bulk.getByLabel('Cantidad por usuario').fill('20');
  await bulk.getByRole('button', { name: 'Asignar a 2 usuarios' }).click();
  const confirmBulk = page.getByRole('dialog', { name: 'Confirmar asignación masiva' });
  await expect(confirmBulk.getByTestId('grant-confirm-message')).toHaveText('¿Asignar 20 tokens de empresa a cada uno de 2 colaboradores? En total: 40 tokens');
  await expect(confirmBulk.getByTestId('grant-large-step')).toHaveCount(0);
  await shot(page, 'grants-bulk-confirm');
  await confirmBulk.getByRole('button', { name: 'Asignar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tokens asignados correctamente a 2 usuarios' })).toBeVisible();

  // Level 1: 'Añadir tokens' asks, naming the person and the balance after; then 'Revertir' in the history.
  await page.context().clearCookies();
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/level1\/dashboard$/);
  await page.goto('/level1/tokens');
  await page.getByRole('combobox', { name: 'Usuario' }).fill(people[0].email);
  await page.getByRole('option', { name: new RegExp(people[0].name) }).click();
  await page.getByLabel('Cantidad a añadir').fill('7');
  await page.getByRole('button', { name: 'Añadir tokens' }).click();
  const add = page.getByRole('dialog', { name: 'Añadir tokens' });
  await expect(add).toContainText(`¿Añadir 7 tokens flexibles a ${people[0].name}? Su saldo pasará de 0 a 7.`);
  await shot(page, 'grants-level1-add-confirm');
  await add.getByRole('button', { name: 'Añadir tokens' }).click();
  await expect(page.getByTestId('tokens-success')).toHaveText(`Se añadieron 7 tokens a ${people[0].name}`);

  const history = page.getByRole('table', { name: 'Historial de tokens' });
  await page.getByPlaceholder('Buscar por usuario o motivo').fill(people[0].email);
  const grantRow = history.getByRole('row').filter({ hasText: 'Tokens añadidos por administrador' });
  await grantRow.getByRole('button', { name: 'Revertir' }).click();
  const reverse = page.getByRole('dialog', { name: 'Revertir asignación' });
  await expect(reverse.getByTestId('reverse-confirm-message')).toContainText(`¿Revertir la asignación de 7 tokens flexibles a ${people[0].name}`);
  await reverse.getByRole('button', { name: 'Revertir' }).click();
  await expect(reverse).toBeHidden();
  await expect(history.getByTestId('movement-reversal')).toBeVisible();
  await expect(page.getByTestId('selected-jobby-balance')).toHaveText('0');
  // Company-token grants are HR's: level 1 is not offered 'Revertir' on them.
  await page.getByPlaceholder('Buscar por usuario o motivo').fill(people[1].email);
  await expect(history.getByRole('row').filter({ hasText: 'Asignación masiva' })).toBeVisible();
  await expect(history.getByRole('button', { name: 'Revertir' })).toHaveCount(0);
});
