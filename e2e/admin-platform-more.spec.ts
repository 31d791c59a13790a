import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, DESKTOP, LAPTOP, newEmployee, newProvider, outboxLink, PHONE, signIn, signOut } from './support';

/**
 * The remaining level 1 journeys (edit a provider, switch a platform benefit off and on, reject a
 * request), the HR account without a company (decision 108), and the employee's bell on a phone. The provider,
 * the employee and the registered address are the journey's own; 'Un mes de música sin
 * anuncios' is touched by no other journey and ends active as it began.
 */

/** How far the table's scroll area scrolls sideways (0: the table fits; NaN: no scroll area found). */
const sidewaysOverflow = (table: Locator) =>
  table.evaluate((element) => {
    const viewport = element.closest('.mantine-ScrollArea-viewport');
    return viewport ? viewport.scrollWidth - viewport.clientWidth : Number.NaN;
  });

async function openAs(page: Page, email: string, landing: RegExp, password?: string) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(landing);
}

test.describe('level 1 platform administration, continued', () => {
  // Long journeys on a shared 2-core machine.
  test.describe.configure({ timeout: 180_000 });

  test('the operator edits a provider: the email is read-only, there is no password, the table shows the change', async ({ page }) => {
    const provider = await newProvider({ name: 'Cine Estrella' });
    await openAs(page, DEMO.admin, /\/level1\/dashboard$/);
    await page.goto('/level1/providers');
    const table = page.getByRole('table', { name: 'Proveedores' });
    const row = table.getByRole('row', { name: new RegExp(provider.name) });
    await row.getByRole('button', { name: `Editar ${provider.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar proveedor' });
    await expect(dialog.getByLabel('Correo')).toHaveValue(provider.email);
    await expect(dialog.getByLabel('Correo')).not.toBeEditable();
    await expect(dialog.getByLabel(/Contraseña/)).toHaveCount(0);
    await expect(dialog.getByLabel(/^Nombre/)).toHaveValue(provider.name);
    await dialog.getByLabel('Teléfono').fill('+56 2 2555 0101');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Proveedor actualizado correctamente' })).toBeVisible();
    await expect(row).toContainText('+56 2 2555 0101');
  });

  test('the platform benefits table fits a laptop; a benefit is deactivated after the confirmation and activated again', async ({ page }) => {
    await openAs(page, DEMO.admin, /\/level1\/dashboard$/);
    await page.goto('/level1/benefits/jobby');
    const table = page.getByRole('table', { name: 'Beneficios Jobby' });
    const row = table.getByRole('row', { name: /Un mes de música sin anuncios/ });
    await expect(row).toContainText('Activo');
    // 1366 and 1280 wide: no sideways scrolling, and the folded columns still read under the title.
    for (const size of [DESKTOP, LAPTOP]) {
      await page.setViewportSize(size);
      await expect(row.getByText('Categoría: suscripciones')).toBeVisible();
      expect(await sidewaysOverflow(table), `${size.width} px`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize(DESKTOP);

    await row.getByRole('button', { name: 'Desactivar Un mes de música sin anuncios' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desactivar beneficio' });
    await expect(confirm).toContainText('¿Desactivar Un mes de música sin anuncios?');
    await confirm.getByRole('button', { name: 'Desactivar', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Beneficio desactivado correctamente' })).toBeVisible();
    await expect(row).toContainText('Inactivo');

    await row.getByRole('button', { name: 'Activar Un mes de música sin anuncios' }).click();
    await page.getByRole('dialog', { name: 'Activar beneficio' }).getByRole('button', { name: 'Activar', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Beneficio activado correctamente' })).toBeVisible();
    await expect(row).toContainText('Activo');
    await expect(row).not.toContainText('Inactivo');
  });

  test('the operator rejects a pending request from its detail, and it moves to Rechazadas', async ({ page, baseURL }) => {
    // Florencia (Austral, the journey's own) asks for the home vet visit (6 tokens), which waits for the platform's team.
    const florencia = await newEmployee({ name: 'Florencia Castro', of: 'austral', surveyDone: true, flexible: 8 });
    await openAs(page, florencia.email, /\/level3\/dashboard$/, florencia.password);
    const catalogue = (await (await page.request.get('/api/catalogue')).json()) as { platform: Array<{ id: string; title: string }> };
    const vet = catalogue.platform.find((b) => b.title === 'Consulta veterinaria a domicilio');
    expect(vet, 'the demo data has the home vet visit').toBeTruthy();
    const redeemed = await page.request.post('/api/redemptions', {
      data: { kind: 'platform', benefitId: vet!.id },
      headers: { origin: baseURL!, 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(redeemed.ok()).toBeTruthy();
    await signOut(page);

    await openAs(page, DEMO.admin, /\/level1\/dashboard$/);
    await page.goto('/level1/benefits/requests');
    await expect(page.getByRole('tab', { name: /Pendientes/ })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: 'Solicitudes' });
    const row = table.getByRole('row', { name: new RegExp(florencia.name) });
    await expect(row).toContainText('Consulta veterinaria a domicilio');
    await row.getByRole('button', { name: /Gestionar/ }).click();
    const modal = page.getByRole('dialog', { name: 'Detalle de la solicitud' });
    await modal.getByLabel(/Instrucciones/).fill('No tenemos veterinarios disponibles en tu comuna este mes.');
    await modal.getByRole('button', { name: 'Rechazar' }).click();
    await expect(modal.getByText('Solicitud rechazada correctamente')).toBeVisible();
    // The modal closes 1500 ms after the result.
    await expect(modal).toBeHidden({ timeout: 5_000 });
    await expect(row).toBeHidden();

    await page.getByRole('tab', { name: /Rechazadas/ }).click();
    const rejected = table.getByRole('row', { name: new RegExp(florencia.name) });
    await expect(rejected).toContainText('Consulta veterinaria a domicilio');
    await expect(rejected).toContainText('Rechazada');
  });

  test('an HR account without a company sees only the no-company error', async ({ page }) => {
    // A new address on a domain no company has: level 3 with no company, until the operator gives level 2.
    const email = 'ignacio.sin.empresa@gmail.com';
    await page.goto('/register');
    await page.getByLabel('Nombre completo').fill('Ignacio Sin Empresa');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('clave123');
    await page.getByLabel('Confirmar contraseña').fill('clave123');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await expect(page.getByTestId('register-success')).toBeVisible();
    await page.goto(await outboxLink(page, email));
    await expect(page).toHaveURL(/\/login\?verificado=1$/);

    await openAs(page, DEMO.admin, /\/level1\/dashboard$/);
    await page.goto('/level1/users/assign-levels');
    await page.getByRole('textbox', { name: 'Buscar por nombre, email o empresa' }).fill('ignacio.sin');
    const select = page.getByRole('table', { name: 'Niveles de usuario' }).getByLabel(`Nivel de ${email}`).first();
    await select.click();
    await page.getByRole('option', { name: /2 · Recursos Humanos/ }).click();
    await page.getByRole('dialog', { name: 'Cambiar nivel' }).getByRole('button', { name: 'Cambiar nivel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Nivel de usuario actualizado correctamente' })).toBeVisible();
    await signOut(page);

    await openAs(page, email, /\/level2\/dashboard$/, 'clave123');
    const alert = page.getByRole('alert');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No se ha asignado una empresa a este usuario');
    await expect(alert).toContainText('Contacta al administrador de Jobby para que asigne tu cuenta a una empresa.');
    await expect(page.getByRole('main').getByRole('heading')).toHaveCount(1);
    await page.goto('/level2/requests');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No se ha asignado una empresa a este usuario');
  });
});

test('the employee reaches the bell on a phone; the theme switch is in the avatar menu there', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openAs(page, DEMO.employee, /\/level3\/dashboard$/);
  await expect(page.getByTestId('balance-flexibles')).toBeVisible();
  await expect(page.getByTestId('theme-toggle')).toBeHidden();
  const bell = page.getByTestId('bell');
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByText('Marcar todas como leídas')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('theme-toggle-menu')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize(LAPTOP);
  await expect(page.getByTestId('bell')).toBeVisible();
  await expect(page.getByTestId('theme-toggle')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: 'Mi perfil' })).toBeVisible();
  await expect(page.getByTestId('theme-toggle-menu')).toBeHidden();
  await page.keyboard.press('Escape');
});
