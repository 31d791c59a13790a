import { expect, test } from '@playwright/test';
import { newEmployee, signIn } from './support';

test('an employee opens Mi perfil from the avatar menu and saves name and phone', async ({ page }) => {
  // An Austral employee of the test's own, and a phone number no earlier try has saved.
  const sofia = await newEmployee({ name: 'Sofía Morales', of: 'austral', surveyDone: true });
  const digits = String(10_000_000 + Math.floor(Math.random() * 90_000_000));
  await signIn(page, sofia.email, sofia.password);
  await expect(page).toHaveURL(/\/level3\/dashboard$/);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Mi perfil' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Mi perfil' })).toBeVisible();
  await expect(page.getByText(sofia.email)).toBeVisible();

  await page.getByLabel('Nombre').fill('');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('El nombre es obligatorio')).toBeVisible();

  await page.getByLabel('Nombre').fill('Sofía Morales Díaz');
  // Camila's number (another company's employee): refused without saying whose it is.
  await page.getByLabel('Teléfono').fill('+56 9 8765 4321');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Ese número ya está registrado para otro colaborador')).toBeVisible();
  // Her own new number, typed with spaces, is kept in E.164.
  await page.getByLabel('Teléfono').fill(`+56 9 ${digits.slice(0, 4)} ${digits.slice(4)}`);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Perfil actualizado correctamente')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Teléfono')).toHaveValue(`+569${digits}`);

  await page.getByLabel('Contraseña actual').fill(sofia.password);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('abc');
  await page.getByLabel('Confirmar nueva contraseña').fill('abc');
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();
});
