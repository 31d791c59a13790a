import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, DEMO, newEmployee, redeemByTitle, signIn } from './support';

/** Austral employee with the survey done, 6 company tokens: 'Home office equipado' costs 8 (seed). */
const LOW_BALANCE_EMPLOYEE = 'agustin@austral.cl';

async function goFromMenu(page: Page, label: string, url: RegExp) {
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: label }).click();
  await expect(page).toHaveURL(url);
}

async function headerBalance(page: Page, which: 'empresa' | 'flexibles'): Promise<number> {
  const balance = page.getByTestId(`balance-${which}`);
  await expect(balance).toHaveText(/^\d+$/);
  return Number(await balance.textContent());
}

const redeemCompanyBenefit = (api: APIRequestContext, title: string) => redeemByTitle(api, 'company', title);

test.describe('employee benefits and redemption', () => {
  test('an employee redeems a company benefit, gets its code, and finds it in her requests', async ({ page }) => {
    // An Andes employee of this journey's own with a history like the demo's Camila: one of her two
    // lunches redeemed and its code used at HR's counter, and a day off waiting for HR's approval.
    const camila = await newEmployee({ name: 'Camila Muñoz', surveyDone: true, companyTokens: 12 });
    const employeeApi = await apiAs(camila.email, camila.password);
    const lunch = await redeemCompanyBenefit(employeeApi, 'Almuerzo con el equipo');
    expect((await redeemCompanyBenefit(employeeApi, 'Día libre de cumpleaños')).status).toBe('pending');
    await employeeApi.dispose();
    const hr = await apiAs(DEMO.hr);
    const verified = await hr.post('/api/codes/verify', { data: { code: lunch.code!.code }, headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect(verified.status(), await verified.text()).toBe(200);
    await hr.dispose();

    await signIn(page, camila.email, camila.password);
    await expect(page).toHaveURL(/\/level3\/dashboard$/);
    await goFromMenu(page, 'Beneficios de mi empresa', /\/level3\/company-benefits$/);

    await expect(page.getByRole('heading', { name: 'Beneficios de mi empresa', level: 1 })).toBeVisible();
    const card = page.getByRole('article', { name: 'Almuerzo con el equipo' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Empresa', { exact: true })).toBeVisible();
    expect(await page.getByTestId('benefit-card').count()).toBeGreaterThan(1);
    const before = await headerBalance(page, 'empresa');

    await card.getByRole('button', { name: 'Canjear por 2 tokens' }).click();
    const dialog = page.getByRole('dialog', { name: 'Canjear beneficio' });
    await expect(dialog.getByTestId('redeem-balance')).toHaveText(`${before} tokens`);
    await expect(dialog.getByTestId('redeem-balance-after')).toHaveText(`${before - 2} tokens`);
    await dialog.getByLabel('Comentarios').fill('Para el equipo de marketing');

    // The first press loses its answer; 'Reintentar' must send the same press with the same key.
    const keys: string[] = [];
    let isFirst = true;
    await page.route('**/api/redemptions', async (route) => {
      keys.push((await route.request().headerValue('idempotency-key')) ?? '');
      if (isFirst) {
        isFirst = false;
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    await dialog.getByRole('button', { name: 'Confirmar canje' }).click();
    await expect(dialog.getByTestId('redeem-error')).toContainText('No se pudo conectar con el servidor');
    await dialog.getByRole('button', { name: 'Reintentar' }).click();

    const code = dialog.getByTestId('redeem-code');
    await expect(code).toHaveText(/^[A-Z0-9]{4} [A-Z0-9]{4}$/);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe('');
    expect(keys[1]).toBe(keys[0]);
    const codeText = (await code.textContent()) ?? '';
    await expect(dialog.getByText(/^Vence el \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copiar código' })).toBeVisible();
    // The header card updates from the answer, without a reload.
    await expect(page.getByTestId('balance-empresa')).toHaveText(String(before - 2));
    await page.unroute('**/api/redemptions');

    await dialog.getByRole('button', { name: 'Listo' }).click();
    await expect(dialog).toBeHidden();
    // She had redeemed one of the two allowed lunches; this was the second.
    await expect(card.getByRole('button', { name: 'Ya canjeado' })).toBeDisabled();

    await goFromMenu(page, 'Mis solicitudes', /\/level3\/requests$/);
    const row = page.getByTestId('request-row').filter({ hasText: codeText });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Almuerzo con el equipo');
    await expect(row).toContainText('Aprobada');
    await expect(page.getByRole('tab', { name: /Todas/ })).toBeVisible();
    await expect(page.getByTestId('request-code-used').first()).toHaveText('Utilizado');

    await page.getByRole('tab', { name: /Pendientes/ }).click();
    const pendingRows = page.getByTestId('request-row');
    await expect(pendingRows.first()).toBeVisible();
    for (const text of await pendingRows.allTextContents()) expect(text).toContain('Pendiente');

    await goFromMenu(page, 'Beneficios flexibles', /\/level3\/benefits$/);
    await expect(page.getByRole('heading', { name: 'Beneficios flexibles', level: 1 })).toBeVisible();
    // The carousel holds five cards at most: the grid view shows them all.
    await page.getByTestId('view-toggle').click();
    const flexible = page.getByRole('article', { name: 'Café de especialidad' });
    await expect(flexible.getByText('Jobby', { exact: true })).toBeVisible();
  });

  test('a benefit that costs more than the balance shows Tokens insuficientes', async ({ page }) => {
    await signIn(page, LOW_BALANCE_EMPLOYEE);
    await expect(page).toHaveURL(/\/level3\/dashboard$/);
    await goFromMenu(page, 'Beneficios de mi empresa', /\/level3\/company-benefits$/);
    const card = page.getByRole('article', { name: 'Home office equipado' });
    await expect(card.getByText('Tokens insuficientes')).toBeVisible();
    await expect(card.getByRole('button', { name: /Canjear/ })).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'Clase de yoga en la oficina' }).getByRole('button', { name: 'Canjear por 2 tokens' })).toBeEnabled();
  });
});
