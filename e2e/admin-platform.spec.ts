import { expect, test } from '@playwright/test';
import { apiAs, DEMO, newEmployee, redeemByTitle, signIn, signOut, unique, uniqueName } from './support';

/** The level 1 screens, clicked through as an operator, and what other people then see. */
test.describe('level 1 platform administration', () => {
  // Long journeys on a shared 2-core machine.
  test.describe.configure({ timeout: 180_000 });
  test('dashboard, platform benefits and providers: a provider created by the operator signs in to /level4', async ({ page }) => {
    // Its own title: a retry or a rerun on the same server meets none of an earlier try's rows.
    const kayak = uniqueName('Kayak en el lago');
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    // The first screen after sign-in on a cold, shared machine: allow it time.
    await expect(page.getByRole('heading', { name: 'Panel de la plataforma', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Tokens completados')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Últimos tokens canjeados' })).toContainText('Café Central');

    await page.getByRole('link', { name: 'Beneficios Jobby' }).first().click();
    await expect(page).toHaveURL(/\/level1\/benefits\/jobby$/);
    const benefits = page.getByRole('table', { name: 'Beneficios Jobby' });
    await expect(benefits.getByRole('row', { name: /Gift card Librería Austral/ })).toContainText('Terceros');
    await page.getByRole('button', { name: 'Nuevo beneficio' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo beneficio' });
    await dialog.getByRole('button', { name: 'Crear beneficio' }).click();
    await expect(dialog.getByText('Los campos Título, Descripción y Tipo son obligatorios').first()).toBeVisible();
    await dialog.getByLabel('Título').fill(kayak);
    await dialog.getByLabel('Descripción').fill('Una hora de kayak para dos personas.');
    await dialog.getByLabel('Tipo').click();
    await page.getByRole('option', { name: 'Automático' }).click();
    await expect(dialog.getByLabel('Canjes por colaborador')).toHaveValue('1');
    await dialog.getByRole('button', { name: 'Crear beneficio' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Beneficio creado correctamente' })).toBeVisible();
    await expect(benefits.getByRole('row', { name: new RegExp(kayak) })).toContainText('Automático');

    await page.getByRole('link', { name: 'Proveedores' }).click();
    await expect(page).toHaveURL(/\/level1\/providers$/);
    // A provider of this journey's own: a retry or a rerun creates another.
    const libreria = { name: uniqueName('Librería Central'), email: `${unique('libreria')}@jobby.sup` };
    await page.getByRole('button', { name: 'Nuevo proveedor' }).first().click();
    await page.getByLabel(/^Nombre/).fill(libreria.name);
    await page.getByLabel(/^Correo/).fill('libreria@gmail.com');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('libros123');
    await page.getByRole('button', { name: 'Crear proveedor' }).click();
    await expect(page.getByText('El email debe terminar con @jobby.sup para ser un proveedor')).toBeVisible();
    await page.getByLabel(/^Correo/).fill(libreria.email);
    await page.getByLabel('Categoría', { exact: true }).fill('Libros');
    await page.getByRole('button', { name: 'Crear proveedor' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Proveedor creado correctamente' })).toBeVisible();
    const row = page.getByRole('table', { name: 'Proveedores' }).getByRole('row', { name: new RegExp(libreria.name) });
    await expect(row).toContainText(libreria.email);
    // The operator is still themself: the next screen still answers as level 1.
    await page.getByRole('link', { name: 'Panel' }).click();
    await expect(page.getByRole('heading', { name: 'Panel de la plataforma', level: 1 })).toBeVisible();
    await signOut(page);

    await signIn(page, libreria.email, 'libros123');
    await expect(page).toHaveURL(/\/level4$/);
    // The portal's heading (its 2 s welcome says the same words, over the portal drawn beneath it: decision 313).
    await expect(page.getByRole('heading', { name: 'Portal del Proveedor', level: 1 })).toBeVisible();
  });

  test('requests with instructions reach the employee; a level change sends that user to the new dashboard', async ({ page }) => {
    // This journey's own people: an employee whose gift card (third party, paid with tokens) waits
    // for the platform, and an Austral newcomer who becomes HR.
    const buyer = await newEmployee({ name: 'Valentina Muñoz', surveyDone: true, flexible: 5 });
    const buyerApi = await apiAs(buyer.email, buyer.password);
    expect((await redeemByTitle(buyerApi, 'platform', 'Gift card Librería Austral')).status).toBe('pending_admin_approval');
    await buyerApi.dispose();
    const lucas = await newEmployee({ name: 'Lucas Torres', of: 'austral' });
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await page.goto('/level1/benefits/requests');
    await expect(page.getByRole('tab', { name: /Pendientes/ })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: /Requieren Gestión/ }).click();
    const row = page.getByRole('table', { name: 'Solicitudes' }).getByRole('row', { name: new RegExp(buyer.name) });
    await expect(row).toContainText('Gift card Librería Austral');
    await row.getByRole('button', { name: /Gestionar/ }).click();
    const modal = page.getByRole('dialog', { name: 'Detalle de la solicitud' });
    await modal.getByRole('button', { name: 'Aprobar' }).click();
    await expect(modal.getByText('Las instrucciones son obligatorias para aprobar esta solicitud')).toBeVisible();
    await modal.getByLabel(/Instrucciones para el colaborador/).fill('Retira tu gift card en la recepción del piso 3.');
    await modal.getByRole('button', { name: 'Aprobar' }).click();
    await expect(modal.getByText('Solicitud aprobada y token generado correctamente')).toBeVisible();
    // The modal closes 1500 ms after the result.
    await expect(modal).toBeHidden({ timeout: 5_000 });

    await page.getByRole('link', { name: 'Asignar niveles' }).click();
    await expect(page).toHaveURL(/\/level1\/users\/assign-levels$/);
    await page.getByRole('textbox', { name: 'Buscar por nombre, email o empresa' }).fill(lucas.email);
    const select = page.getByRole('table', { name: 'Niveles de usuario' }).getByLabel(`Nivel de ${lucas.email}`);
    await expect(select).toBeVisible();
    await select.click();
    await page.getByRole('option', { name: /2 · Recursos Humanos/ }).click();
    await page.getByRole('dialog', { name: 'Cambiar nivel' }).getByRole('button', { name: 'Cambiar nivel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Nivel de usuario actualizado correctamente' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Buscar por nombre, email o empresa' }).fill('');
    await page.getByRole('link', { name: 'Diagnóstico de usuarios', exact: true }).click();
    await expect(page.getByText('Recomendaciones')).toBeVisible();
    await signOut(page);

    await signIn(page, buyer.email, buyer.password);
    await expect(page).toHaveURL(/\/level3\/dashboard$/);
    await page.goto('/level3/requests');
    await expect(page.getByTestId('request-instructions').first()).toContainText('Retira tu gift card en la recepción del piso 3.');
    await signOut(page);

    await signIn(page, lucas.email, lucas.password);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
  });
});
