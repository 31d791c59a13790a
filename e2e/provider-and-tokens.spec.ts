import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { activeCodesOf, apiAs, DEMO, newEmployee, providerPortalShown, redeemByTitle, signIn, type Person } from './support';

/** A journey's own employee redeems an automatic benefit of Café Central through the API: its fresh code, and who holds it. */
async function freshCafeCode(): Promise<{ code: string; employee: Person }> {
  const buyer = await newEmployee({ name: 'Valentina Muñoz', surveyDone: true, flexible: 1 });
  const api = await apiAs(buyer.email, buyer.password);
  try {
    const { code } = await redeemByTitle(api, 'platform', '20% de descuento en delivery');
    expect(code).not.toBeNull();
    return { code: code!.code, employee: buyer };
  } finally {
    await api.dispose();
  }
}


/** WCAG A/AA problems rated serious or critical inside the given part of the page. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`));
}

test.describe('provider portal (/level4)', () => {
  test('shows the welcome, then the counts, the verify form and the history', async ({ page }) => {
    await signIn(page, DEMO.provider);
    await expect(page).toHaveURL(/\/level4$/);
    await expect(page.getByTestId('provider-welcome')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verificar Token' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Portal del Proveedor' })).toBeVisible();
    await expect(page.getByTestId('provider-name')).toHaveText('Café Central');
    for (const title of ['Total Histórico', 'Este Mes', 'Hoy']) await expect(page.getByText(title, { exact: true })).toBeVisible();
    await expect(page.getByTestId('provider-stat-total')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('provider-stat-total')).not.toHaveText('0');
    await expect(page.getByRole('table', { name: 'Historial de tokens procesados' }).getByRole('row')).not.toHaveCount(1);
    // Scanning is the main path: nothing takes the focus by itself, so a phone's keyboard does not pop up.
    await providerPortalShown(page);
    await expect(page.getByLabel('Código del token')).not.toBeFocused();
    await expect(page.getByLabel('Código del token')).toHaveAttribute('placeholder', 'Ej.: AB2C D3E4');
  });

  test('an empty code cannot be sent; an unknown code is answered "Token no encontrado"', async ({ page }) => {
    await signIn(page, DEMO.provider);
    // The welcome makes the portal inert until it ends: a key pressed before would go nowhere.
    await expect(page.getByRole('heading', { name: 'Verificar Token' })).toBeVisible();
    await providerPortalShown(page);
    const input = page.getByLabel('Código del token');
    const verify = page.getByRole('button', { name: 'Verificar' });
    await expect(verify).toBeDisabled();
    await input.press('Enter');
    await expect(page.getByText('Por favor, ingresa un código de token')).toBeVisible();

    await input.pressSequentially('zz99zz99');
    await expect(input).toHaveValue('ZZ99ZZ99');
    await expect(verify).toBeEnabled();
    await verify.click();
    const result = page.getByTestId('verify-result');
    await expect(result.getByText('Token Inválido')).toBeVisible();
    await expect(result.getByText('Token no encontrado')).toBeVisible();
  });

  test('a typed code is shown before it is used; confirmed once: celebration, then history; typed again, says when it was used', async ({ page }) => {
    const { code, employee } = await freshCafeCode();
    await signIn(page, DEMO.provider);
    await expect(page.getByTestId('provider-stat-total')).toHaveText(/^\d+$/);
    await providerPortalShown(page);
    const before = Number(await page.getByTestId('provider-stat-total').textContent());
    await page.getByLabel('Código del token').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Verificar' }).click();

    // 1. What the code is for, and 'Confirmar canje': nothing is used yet (the employee still holds it).
    const result = page.getByTestId('verify-result');
    const preview = result.getByTestId('code-preview');
    await expect(preview.getByRole('heading', { name: '20% de descuento en delivery' })).toBeVisible();
    await expect(preview).toContainText('Colaborador: Valentina');
    await expect(preview).not.toContainText('Muñoz');
    await expect(preview).toContainText(`${code.slice(0, 4)} ${code.slice(4)}`);
    await expect(preview).toContainText(/Vence el \d{2}\/\d{2}\/\d{4}/);
    await expect(result.getByRole('button', { name: 'Confirmar canje' })).toBeVisible();
    expect(await activeCodesOf(employee)).toContain(code);
    await expect(page.getByText('¡Token Canjeado!')).toHaveCount(0);
    await expect(page.getByTestId('provider-stat-total')).toHaveText(String(before));

    // 2. Confirmed: the celebration names what was redeemed and for whom; then the spec's result box.
    await result.getByRole('button', { name: 'Confirmar canje' }).click();
    await expect(page.getByText('¡Token Canjeado!')).toBeVisible();
    await expect(page.getByText('El beneficio ha sido procesado exitosamente')).toBeVisible();
    await expect(page.getByTestId('token-redeemed-what')).toHaveText('20% de descuento en delivery');
    await expect(page.getByTestId('token-redeemed')).toContainText('para Valentina Muñoz');
    await expect(page.getByText('¡Token Canjeado!')).toBeHidden({ timeout: 6_000 });
    await expect(result.getByText('Token Válido')).toBeVisible();
    await expect(result.getByText('Token verificado y procesado correctamente')).toBeVisible();
    await expect(result.getByText('20% de descuento en delivery')).toBeVisible();
    await expect(result.getByText('Valentina Muñoz')).toBeVisible();
    await expect(page.getByTestId('provider-stat-total')).toHaveText(String(before + 1));
    expect(await activeCodesOf(employee)).not.toContain(code);
    // Codes are shown in groups of four (decision 57).
    await expect(page.getByRole('table', { name: 'Historial de tokens procesados' }).getByText(`${code.slice(0, 4)} ${code.slice(4)}`)).toBeVisible();

    // 3. Typed again: the spec's refusal, and when this provider used it, as the scanner says it.
    await page.getByLabel('Código del token').fill(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(result.getByText('Token Inválido')).toBeVisible();
    await expect(result.getByTestId('verify-error')).toHaveText('El token ya ha sido utilizado o ha expirado');
    await expect(result.getByText(/^Lo canjeaste el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/)).toBeVisible();
    await expect(result.getByRole('button', { name: 'Confirmar canje' })).toHaveCount(0);
  });

  test('the portal and the token screen have no serious accessibility violations', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, DEMO.provider);
    await expect(page.getByRole('heading', { name: 'Verificar Token' })).toBeVisible();
    await expect(page.getByTestId('provider-stat-total')).toHaveText(/^\d+$/);
    await providerPortalShown(page);
    expect(await seriousViolations(page, 'body')).toEqual([]);
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await page.goto('/level1/tokens');
    await expect(page.getByRole('table', { name: 'Historial de tokens' })).toBeVisible();
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await context.close();
  });

  test('the other provider sees its pending managed-benefit request, and sign-out goes to /login', async ({ page }) => {
    await signIn(page, DEMO.otherProvider);
    await expect(page.getByRole('heading', { name: 'Solicitudes pendientes' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Solicitudes pendientes' });
    await expect(list.getByText('Entrada 2x1 Cine Estrella')).toBeVisible();
    await list.getByRole('button', { name: 'Rechazar' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Rechazar solicitud' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(list.getByText('Entrada 2x1 Cine Estrella')).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('token management (/level1/tokens)', () => {
  test('the admin adds 5 tokens to an employee and sees the entry in the history', async ({ page }) => {
    const diego = await newEmployee({ name: 'Diego Fuentes' });
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await page.goto('/level1/tokens');
    await expect(page.getByRole('heading', { name: 'Gestión de Tokens' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Historial de tokens' })).toBeVisible();

    // Without a user the shared schema's message shows.
    await page.getByRole('button', { name: 'Añadir tokens' }).click();
    await expect(page.getByText('Por favor, selecciona un usuario y especifica una cantidad válida').first()).toBeVisible();

    // The picker does not offer disabled accounts (tomas@andes.cl is one).
    await page.getByRole('combobox', { name: 'Usuario' }).fill('tomas@andes');
    await expect(page.getByText('No se encontraron usuarios')).toBeVisible();
    await page.getByRole('combobox', { name: 'Usuario' }).fill(diego.email);
    await page.getByRole('option', { name: new RegExp(diego.name) }).click();
    const jobby = page.getByTestId('selected-jobby-balance');
    await expect(jobby).toHaveText(/^\d+$/);
    const before = Number(await jobby.textContent());

    // With a user chosen, a quantity out of range says what is wrong (it said 'selecciona un usuario').
    await page.getByLabel('Cantidad a añadir').fill('150');
    await page.getByRole('button', { name: 'Añadir tokens' }).click();
    await expect(page.getByText('La cantidad debe estar entre 1 y 100 tokens')).toBeVisible();
    await expect(page.getByText('Por favor, selecciona un usuario y especifica una cantidad válida')).toHaveCount(0);
    await page.getByLabel('Cantidad a añadir').fill('5');
    await page.getByRole('button', { name: 'Añadir tokens' }).click();
    // Adding asks first, as removing does (decisions 358 and 362).
    const addDialog = page.getByRole('dialog', { name: 'Añadir tokens' });
    await expect(addDialog).toContainText(`¿Añadir 5 tokens flexibles a ${diego.name}? Su saldo pasará de ${before} a ${before + 5}.`);
    await addDialog.getByRole('button', { name: 'Añadir tokens' }).click();
    await expect(page.getByTestId('tokens-success')).toHaveText(`Se añadieron 5 tokens a ${diego.name}`);
    await expect(jobby).toHaveText(String(before + 5));

    const firstRow = page.getByRole('table', { name: 'Historial de tokens' }).getByRole('row').nth(1);
    await expect(firstRow).toContainText(diego.name);
    await expect(firstRow).toContainText('Añadido');
    await expect(firstRow).toContainText('+5');
    await expect(firstRow).toContainText('Tokens añadidos por administrador');
    await expect(firstRow).toContainText(`${before} → ${before + 5}`);

    // Removing more than the balance is refused before sending; a valid removal asks first.
    await page.getByLabel('Cantidad a quitar').fill(String(before + 6));
    await page.getByRole('button', { name: 'Quitar tokens' }).click();
    await expect(page.getByText(`No se pueden quitar ${before + 6} tokens. El usuario solo tiene ${before + 5} tokens.`)).toBeVisible();
    await page.getByLabel('Cantidad a quitar').fill('2');
    await page.getByLabel('Motivo del retiro (opcional)').fill('Corrección de carga');
    await page.getByRole('button', { name: 'Quitar tokens' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quitar tokens' });
    await expect(dialog).toContainText(diego.name);
    await dialog.getByRole('button', { name: 'Quitar tokens' }).click();
    await expect(page.getByTestId('tokens-success')).toHaveText(`Se quitaron 2 tokens a ${diego.name}`);
    await expect(jobby).toHaveText(String(before + 3));

    await page.getByRole('radiogroup', { name: 'Filtrar por tipo' }).getByText('Quitados').click();
    const removed = page.getByRole('table', { name: 'Historial de tokens' }).getByRole('row').nth(1);
    await expect(removed).toContainText('Quitado');
    await expect(removed).toContainText('Corrección de carga');
    await expect(removed).toContainText(`${before + 5} → ${before + 3}`);
  });
});
