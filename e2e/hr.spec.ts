import { expect, test, type Page } from '@playwright/test';
import { DEMO, freshTab, newEmployee, signIn, signOut, unique, uniqueName } from './support';

/** Goes to an HR screen from the side menu (or by URL for /level2/tokens, linked from benefits). */
async function openHr(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

async function signInAsHr(page: Page) {
  await signIn(page, DEMO.hr);
  await expect(page).toHaveURL(/\/level2\/dashboard$/);
  // The HR screens load as their own chunk.
  await expect(page.getByRole('heading', { name: 'Panel de Recursos Humanos', level: 1 })).toBeVisible({ timeout: 30_000 });
}

/**
 * Presses and waits for the 5 s banner, watching from before the press: on a busy machine the banner
 * may come and go before an assertion made after the press starts polling.
 */
async function pressForBanner(page: Page, press: () => Promise<void>, text: string) {
  const seen = page.getByRole('status').filter({ hasText: text }).waitFor({ state: 'visible', timeout: 30_000 });
  await press();
  await seen;
}

async function companyBalanceOf(page: Page, email: string): Promise<number> {
  const res = await page.request.get(`/api/company/employees?search=${encodeURIComponent(email)}`);
  const body = (await res.json()) as { items: Array<{ email: string; company: number }> };
  return body.items.find((e) => e.email === email)?.company ?? 0;
}

test.describe('company HR (level 2)', () => {
  // Each journey signs in three or four times and walks several screens.
  test.describe.configure({ timeout: 180_000 });

  test('HR adds a user who signs in and meets the survey; deactivating that user bars the sign-in', async ({ page: firstTab }) => {
    let page = firstTab;
    // A person of this journey's own: a retry or a rerun meets no Lucía created before.
    const lucia = { name: uniqueName('Lucía Fuentes'), username: unique('lucia.fuentes') };
    const luciaEmail = `${lucia.username}@andes.cl`;
    const luciaRow = () => page.getByRole('table', { name: 'Usuarios' }).getByRole('row', { name: new RegExp(luciaEmail.replace(/\./g, '\\.')) });
    await signInAsHr(page);
    await expect(page.getByText(/Bienvenido\/a, .+ · Andes/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Usuarios recientes' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Usuarios' }).click();
    await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();
    await expect(page.getByTestId('user-count')).toHaveText(/^\d+ de 60$/);

    await page.getByRole('button', { name: 'Agregar Usuario' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Usuario' });
    await dialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill(lucia.name);
    await dialog.getByLabel('Correo o nombre de usuario').fill('lucia@otra.cl');
    await dialog.getByLabel(/^Contraseña/).fill('clave123');
    await dialog.getByLabel('Confirmar contraseña').fill('clave124');
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(dialog.getByText('Las contraseñas no coinciden')).toBeVisible();
    await dialog.getByLabel('Confirmar contraseña').fill('clave123');
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(dialog.getByText('Error al crear usuario: El correo debe pertenecer a la empresa: nombre@andes.cl')).toBeVisible();
    // A bare username: the company's domain is appended on the server.
    await dialog.getByLabel('Correo o nombre de usuario').fill(lucia.username);
    await pressForBanner(page, () => dialog.getByRole('button', { name: 'Crear usuario' }).click(), 'Usuario creado correctamente');
    await expect(dialog).toBeHidden();
    const row = luciaRow();
    await expect(row).toContainText('Activo');
    await expect(row).toContainText('Tipo A');

    // HR is still themself; the new person signs in and meets the survey first.
    await signOut(page);
    await signIn(page, luciaEmail, 'clave123');
    await expect(page).toHaveURL(/\/level3\/survey$/);
    await page.goto('/level3/dashboard');
    await expect(page).toHaveURL(/\/level3\/survey$/);
    page = await freshTab(page);

    // Deactivation, after a confirmation, ends the person's sign-in.
    await signInAsHr(page);
    await page.goto('/level2/users');
    await page.getByRole('button', { name: `Desactivar a ${lucia.name}` }).first().click();
    await pressForBanner(page, () => page.getByRole('dialog', { name: 'Desactivar usuario' }).getByRole('button', { name: 'Desactivar' }).click(), 'Usuario desactivado correctamente');
    await expect(luciaRow()).toContainText('Inactivo');
    await signOut(page);
    await signIn(page, luciaEmail, 'clave123');
    await expect(page.getByText('Esta cuenta ha sido deshabilitada.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("HR assigns company tokens to one employee and to all at once; the employee's 'Empresa' card shows them", async ({ page }) => {
    const camila = await newEmployee({ name: 'Camila Rojas', surveyDone: true });
    await signInAsHr(page);
    await openHr(page, '/level2/tokens', 'Tokens de la empresa');
    const before = await companyBalanceOf(page, camila.email);

    const table = page.getByRole('table', { name: 'Colaboradores y sus tokens' });
    await page.getByPlaceholder('Buscar por nombre o email').fill(camila.email);
    await table.getByRole('row', { name: camila.email }).getByRole('button', { name: /Asignar tokens a/ }).click();
    const single = page.getByRole('dialog', { name: 'Asignar tokens de empresa' });
    await expect(single.getByLabel('Cantidad')).toHaveValue('10');
    await expect(single.getByLabel('Motivo')).toHaveValue('Asignación manual');
    await single.getByLabel('Cantidad').fill('');
    await single.getByRole('button', { name: 'Asignar' }).click();
    await expect(single.getByText('Por favor complete todos los campos requeridos')).toBeVisible();
    await single.getByLabel('Cantidad').fill('15');
    await single.getByRole('button', { name: 'Asignar' }).click();
    // The confirmation names the person, the amount and the balance after (decisions 358 and 362).
    const confirm = page.getByRole('dialog', { name: 'Confirmar asignación' });
    await expect(confirm).toContainText(`¿Asignar 15 tokens de empresa a ${camila.name}? Su saldo pasará de ${before} a ${before + 15}`);
    await pressForBanner(page, () => confirm.getByRole('button', { name: 'Asignar' }).click(), `15 tokens asignados correctamente a ${camila.name}`);

    // Bulk: every employee in ONE server operation (decision 117), with its idempotency key; no per-employee calls.
    const bulkKeys: string[] = [];
    let singleCalls = 0;
    page.on('request', (request) => {
      if (request.method() !== 'POST') return;
      if (request.url().endsWith('/api/company/tokens/assign-bulk')) bulkKeys.push(request.headers()['idempotency-key'] ?? '');
      if (request.url().endsWith('/api/company/tokens/assign')) singleCalls += 1;
    });
    await page.getByRole('button', { name: 'Asignación masiva' }).click();
    const bulk = page.getByRole('dialog', { name: 'Asignación masiva de tokens' });
    await bulk.getByRole('button', { name: /Asignar a 0 usuarios/ }).click();
    await expect(bulk.getByText('Seleccione usuarios y especifique una cantidad válida')).toBeVisible();
    const selectAll = bulk.getByLabel(/^Seleccionar todos \(\d+\)$/);
    await expect(selectAll).toBeVisible();
    const total = (await bulk.getByRole('checkbox').count()) - 1;
    await expect(bulk.getByText(`Seleccionar todos (${total})`)).toBeVisible();
    await selectAll.check();
    await bulk.getByLabel('Cantidad por usuario').fill('2');
    await expect(bulk.getByLabel('Motivo')).toHaveValue('Asignación masiva');
    await bulk.getByRole('button', { name: `Asignar a ${total} usuarios` }).click();
    const confirmBulk = page.getByRole('dialog', { name: 'Confirmar asignación masiva' });
    await expect(confirmBulk).toContainText(`a cada uno de ${total} colaboradores? En total: ${(2 * total).toLocaleString('es-CL')} tokens`);
    await pressForBanner(page, () => confirmBulk.getByRole('button', { name: 'Asignar' }).click(), `Tokens asignados correctamente a ${total} usuarios`);
    expect(bulkKeys).toHaveLength(1);
    expect(bulkKeys[0]).not.toBe('');
    expect(singleCalls).toBe(0);
    expect(await companyBalanceOf(page, camila.email)).toBe(before + 15 + 2);
    await expect(page.getByRole('table', { name: 'Historial de transacciones' }).getByRole('row', { name: /Asignación masiva/ }).first()).toBeVisible();

    await signOut(page);
    await signIn(page, camila.email, camila.password);
    await expect(page).toHaveURL(/\/level3\/dashboard$/);
    await expect(page.getByTestId('balance-empresa')).toHaveText(String(before + 17));
  });

  test('HR creates an internal benefit an employee redeems, and approves the pending request', async ({ page: firstTab }) => {
    let page = firstTab;
    // Its own title: a retry or a rerun on the same server meets none of an earlier try's rows.
    const title = uniqueName('Masaje en la oficina');
    await signInAsHr(page);
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Beneficios' }).click();
    await expect(page.getByRole('heading', { name: 'Beneficios internos', level: 1 })).toBeVisible();
    await expect(page.getByText('Uso de Beneficios')).toBeVisible();

    await page.getByRole('button', { name: 'Nuevo beneficio' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo beneficio interno' });
    await dialog.getByRole('button', { name: 'Crear beneficio' }).click();
    await expect(dialog.getByText('Los campos Título y Descripción son obligatorios').first()).toBeVisible();
    await dialog.getByLabel('Título').fill(title);
    await dialog.getByLabel('Descripción').fill('Veinte minutos de masaje de hombros, los jueves.');
    await expect(dialog.getByLabel('Cantidad disponible')).toHaveValue('10');
    await expect(dialog.getByLabel('Límite por usuario')).toHaveValue('1');
    await dialog.getByLabel('Requiere aprobación de RR.HH.').check();
    await pressForBanner(page, () => dialog.getByRole('button', { name: 'Crear beneficio' }).click(), 'Beneficio creado correctamente');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table', { name: 'Beneficios de la empresa' }).getByRole('row', { name: new RegExp(title) })).toContainText('Activo');

    await signOut(page);
    await signIn(page, DEMO.employee);
    await expect(page).toHaveURL(/\/level3\/dashboard$/);
    await page.goto('/level3/company-benefits');
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: /Canjear por 1 token/ }).click();
    const redeem = page.getByRole('dialog', { name: 'Canjear beneficio' });
    await redeem.getByRole('button', { name: 'Confirmar canje' }).click();
    await expect(redeem.getByTestId('redeem-pending')).toBeVisible({ timeout: 30_000 });
    page = await freshTab(page);

    await signInAsHr(page);
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Solicitudes' }).click();
    await expect(page.getByRole('heading', { name: 'Solicitudes', level: 1 })).toBeVisible();
    const row = page.getByRole('table', { name: 'Solicitudes' }).getByRole('row', { name: new RegExp(title) }).first();
    await expect(row).toContainText('Pendiente');
    await row.getByRole('button', { name: /^Aprobar/ }).click();
    await pressForBanner(page, () => page.getByRole('dialog', { name: 'Aprobar solicitud' }).getByRole('button', { name: 'Aprobar' }).click(), 'Solicitud aprobada correctamente');
    await expect(page.getByRole('table', { name: 'Solicitudes' }).getByRole('row', { name: new RegExp(title) }).first()).toContainText('Aprobada');

    // Switching it off asks first and reads the spec's words ("desactivado"); then back on.
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Beneficios' }).click();
    const benefitRow = page.getByRole('table', { name: 'Beneficios de la empresa' }).getByRole('row', { name: new RegExp(title) });
    await benefitRow.getByRole('button', { name: `Desactivar ${title}` }).click();
    const question = page.getByRole('dialog', { name: 'Desactivar beneficio' });
    await expect(question).toContainText(`¿Desactivar "${title}"? Tus colaboradores dejarán de verlo.`);
    await pressForBanner(page, () => question.getByRole('button', { name: 'Desactivar' }).click(), 'Beneficio desactivado correctamente');
    await expect(benefitRow).toContainText('Inactivo');
    await benefitRow.getByRole('button', { name: `Activar ${title}` }).click();
    await pressForBanner(page, () => page.getByRole('dialog', { name: 'Activar beneficio' }).getByRole('button', { name: 'Activar' }).click(), 'Beneficio activado correctamente');
    await expect(benefitRow).toContainText('Activo');
  });
});
