/**
 * Every money moment is confirmed and reversible (issue 38 E, decisions 358–361): HR assigns 1,000
 * tokens and sees the confirmation naming the person, the amount and the balance after (above the
 * threshold, a second step in words); cancelling leaves the balance; the grant is reversed from the
 * history, and the person's wallet shows both lines. The company is the journey's own (no monthly
 * allowance, so the threshold is 100); the screenshots go to SHOTS_DIR for a person to look at.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, DESKTOP, newCompany, newEmployee, PHONE, settled, signIn } from './support';

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
