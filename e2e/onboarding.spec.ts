/**
 * Onboarding at company scale: HR of a company of the journey's own imports a
 * spreadsheet of 25 employees with 3 bad rows (a wrong domain, a repeated address, one over maxUsers),
 * sees the server's preview with their messages, confirms, uploads the same file again (0 new), then the
 * same people as an Excel file (.xlsx, written here with write-excel-file, read in the browser by
 * read-excel-file/browser: 0 new, the same 3 bad rows), and one invited employee chooses a password from
 * the mail and signs in at level 3 in that company.
 */
import { expect, test } from '@playwright/test';
import writeExcelFile from 'write-excel-file/node';
import { apiAs, newCompany, outboxLink, signIn, signOut } from './support';

test('HR imports a spreadsheet of employees, each gets an invitation, and the same file twice creates nobody', async ({ page }) => {
  test.setTimeout(180_000);
  // HR counts as one account: 22 places for 23 good addresses, so the 23rd is over the limit.
  const company = await newCompany({ name: 'Importadora', maxUsers: 23 });
  const good = Array.from({ length: 23 }, (_, i) => [`Persona ${String(i + 1).padStart(2, '0')}`, `persona${i + 1}@${company.domain}`, '', i % 2 ? 'B' : 'A']);
  const rows = [...good.slice(0, 10), ['Fuera de Dominio', 'alguien@otro-dominio.cl', '', 'A'], ...good.slice(10, 20), ['Repetida', good[3][1], '', 'A'], ...good.slice(20)];
  expect(rows).toHaveLength(25);
  const csv = `Nombre;Correo;Teléfono;Tipo\r\n${rows.map((r) => r.join(';')).join('\r\n')}\r\n`;
  const file = { name: 'colaboradores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };

  await signIn(page, company.hr, company.hrPassword);
  await expect(page).toHaveURL(/\/level2\/dashboard$/);
  await page.goto('/level2/users');
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar colaboradores' });
  await dialog.locator('input[type="file"]').setInputFiles(file);

  // The server's preview: 22 to create, none there yet, the 3 bad rows with their line and message.
  await expect(dialog.getByTestId('import-create')).toHaveText('22');
  await expect(dialog.getByTestId('import-existing')).toHaveText('0');
  await expect(dialog.getByTestId('import-invalid')).toHaveText('3');
  const invalid = dialog.getByRole('list', { name: 'Filas con errores' }).getByRole('listitem');
  await expect(invalid).toHaveText([
    `Línea 12 · alguien@otro-dominio.clEl correo debe pertenecer a la empresa: nombre@${company.domain}`,
    `Línea 23 · ${good[3][1]}El correo está repetido en el archivo (ya aparece en la línea 5)`,
    `Línea 26 · ${good[22][1]}Se ha alcanzado el límite de usuarios para esta empresa (23)`,
  ]);

  await dialog.getByRole('button', { name: 'Importar 22 usuarios' }).click();
  await expect(page.getByText('Importación completa: 22 usuarios creados, cada uno con una invitación por correo.')).toBeVisible();
  await expect(page.getByTestId('user-count')).toHaveText('23 de 23');
  await expect(page.getByText('Invitación pendiente').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same file again: everyone is already there, nothing to create.
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect(dialog.getByTestId('import-create')).toHaveText('0');
  await expect(dialog.getByTestId('import-existing')).toHaveText('22');
  await expect(dialog.getByText('No hay usuarios nuevos para crear en este archivo.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  // Closed for good (its closing transition keeps its own 'Importar' in the page meanwhile).
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-count')).toHaveText('23 de 23');

  // The same people as an .xlsx: the browser's own read-excel-file reads it, the server finds them all there.
  const sheet = [['Nombre', 'Correo', 'Teléfono', 'Tipo'], ...rows.map((r) => r.map((cell) => cell || null))];
  const xlsx = { name: 'colaboradores.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await writeExcelFile(sheet).toBuffer() };
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await dialog.locator('input[type="file"]').setInputFiles(xlsx);
  await expect(dialog.getByTestId('import-create')).toHaveText('0');
  await expect(dialog.getByTestId('import-existing')).toHaveText('22');
  await expect(dialog.getByTestId('import-invalid')).toHaveText('3');
  await expect(invalid).toHaveText([
    `Línea 12 · alguien@otro-dominio.clEl correo debe pertenecer a la empresa: nombre@${company.domain}`,
    `Línea 23 · ${good[3][1]}El correo está repetido en el archivo (ya aparece en la línea 5)`,
    `Línea 26 · ${good[22][1]}Se ha alcanzado el límite de usuarios para esta empresa (23)`,
  ]);
  await expect(dialog.getByText('No hay usuarios nuevos para crear en este archivo.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  // Closed for good (its closing transition keeps its own 'Importar' in the page meanwhile).
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-count')).toHaveText('23 de 23');
  await signOut(page);

  // One invited employee chooses a password from the mail and lands in the company at level 3.
  const invited = good[6][1];
  await page.goto(await outboxLink(page, invited));
  await expect(page.getByRole('heading', { name: 'Bienvenido a Jobby: elige tu contraseña' })).toBeVisible();
  await page.getByLabel(/^Contraseña/).fill('mi-clave-nueva');
  await page.getByLabel('Confirmar contraseña').fill('mi-clave-nueva');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByTestId('reset-done')).toHaveText('Tu contraseña quedó guardada. Ya puedes iniciar sesión en Jobby.');
  await signIn(page, invited, 'mi-clave-nueva');
  await expect(page).toHaveURL(/\/level3\/(dashboard|survey)$/);
  const self = await apiAs(invited, 'mi-clave-nueva');
  expect(await (await self.get('/api/me')).json()).toMatchObject({ level: 3, companyId: company.id, companyName: company.name });
  await self.dispose();

  // HR's list no longer shows that person as pending.
  const hr = await apiAs(company.hr, company.hrPassword);
  const list = (await (await hr.get(`/api/company/users?search=${encodeURIComponent(invited)}`)).json()) as { items: Array<{ invitationPending: boolean }> };
  expect(list.items).toEqual([expect.objectContaining({ invitationPending: false })]);
  await hr.dispose();
});
