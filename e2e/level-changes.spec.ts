import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

test.describe('level changes (decisions 121 and 122)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a level change names the person and the levels before it runs, and level 1 reads it in the history', async ({ page, baseURL }) => {
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    // The journey's own account: a provider nobody else uses.
    const stamp = Date.now();
    const email = `niveles-${stamp}@jobby.sup`;
    const name = `Proveedor Niveles ${stamp}`;
    const created = await page.request.post('/api/providers', { data: { name, email, password: 'clave1234' }, headers: { origin: baseURL ?? '' } });
    expect(created.status()).toBe(200);

    await page.goto('/level1/users/assign-levels');
    await page.getByRole('textbox', { name: 'Buscar por nombre, email o empresa' }).fill(`niveles-${stamp}`);
    const table = page.getByRole('table', { name: 'Niveles de usuario' });
    const select = table.getByLabel(`Nivel de ${email}`).first();
    await select.click();
    await page.getByRole('option', { name: /1 · Administrador de plataforma/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar nivel' });
    await expect(dialog).toContainText(
      `¿Cambiar el nivel de ${name} (${email}) de Nivel 4 (Proveedor) a Nivel 1 (Administrador de plataforma)? Tendrá acceso a toda la plataforma`,
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(select).toHaveValue('4 · Proveedor');

    await table.getByRole('button', { name: `Historial de niveles de ${email}` }).first().click();
    const history = page.getByRole('dialog', { name: `Historial de niveles de ${name}` });
    await expect(history.getByText('Sin cambios de nivel registrados.')).toBeVisible();
    await history.getByRole('button', { name: 'Cerrar' }).click();

    await select.click();
    await page.getByRole('option', { name: /3 · Colaborador/ }).click();
    await expect(dialog).toContainText(`de Nivel 4 (Proveedor) a Nivel 3 (Colaborador)?`);
    await dialog.getByRole('button', { name: 'Cambiar nivel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Nivel de usuario actualizado correctamente' })).toBeVisible();
    await expect(select).toHaveValue('3 · Colaborador');

    await table.getByRole('button', { name: `Historial de niveles de ${email}` }).first().click();
    await expect(history.getByRole('list', { name: 'Cambios de nivel' }).getByRole('listitem')).toHaveCount(1);
    await expect(history).toContainText('Nivel 4 (Proveedor) → Nivel 3 (Colaborador)');
    await expect(history).toContainText(/por .+/);
  });
});
