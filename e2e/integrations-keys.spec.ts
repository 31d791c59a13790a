/**
 * HR creates an API key on 'Integraciones', copies the secret shown once, sees the key
 * used, and revokes it behind a confirmation — after which the key is refused. A company of its own.
 */
import { expect, request, test } from '@playwright/test';
import { newCompany, signIn } from './support';

test.describe('API keys on the integrations page', () => {
  test.describe.configure({ timeout: 180_000 });

  test('HR creates a key, sees its secret once, uses it, and revokes it', async ({ page }) => {
    const company = await newCompany({ name: 'Claves' });
    await signIn(page, company.hr, company.hrPassword);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Integraciones' }).click();
    await expect(page).toHaveURL(/\/level2\/integrations$/);
    await expect(page.getByRole('heading', { name: 'Integraciones', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Aún no hay claves de API')).toBeVisible();

    await page.getByRole('button', { name: 'Crear clave' }).click();
    const form = page.getByRole('dialog', { name: 'Crear clave de API' });
    await form.getByRole('button', { name: 'Crear clave' }).click();
    await expect(form.getByText('Ingresa un nombre para la clave')).toBeVisible();
    await expect(form.getByText('Elige al menos un permiso')).toBeVisible();
    await form.getByLabel('Nombre').fill('Nómina Buk');
    await form.getByRole('checkbox', { name: /Leer colaboradores/ }).check();
    await form.getByRole('checkbox', { name: /Asignar tokens/ }).check();
    await form.getByRole('button', { name: 'Crear clave' }).click();

    const shown = page.getByRole('dialog', { name: 'Tu nueva clave de API' });
    await expect(shown.getByText('Esta es la única vez que verás la clave «Nómina Buk».')).toBeVisible();
    const secret = (await shown.getByTestId('api-key-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^jobby_[0-9a-f]{12}_\S{43}$/);
    await expect(shown.getByRole('button', { name: 'Copiar clave' })).toBeVisible();
    await shown.getByRole('button', { name: 'Ya la guardé' }).click();
    await expect(shown).toBeHidden();
    // Never shown again: the list has only its prefix.
    await expect(page.getByText(secret)).toHaveCount(0);

    const table = page.getByRole('table', { name: 'Claves de API' });
    const row = table.getByRole('row', { name: /Nómina Buk/ });
    await expect(row).toContainText('Leer colaboradores');
    await expect(row).toContainText('Asignar tokens');
    await expect(row).toContainText('Sin vencimiento');
    await expect(row).toContainText('Nunca');
    await expect(row).toContainText('Activa');

    // The HR system calls with the key (no cookie): allowed, and the list then says when it was used.
    const baseURL = test.info().project.use.baseURL ?? '';
    const system = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
    try {
      expect((await system.get('/api/company/users')).status()).toBe(200);
      await page.reload();
      await expect(row).toContainText('Activa');
      await expect(row).not.toContainText('Nunca');

      await row.getByRole('button', { name: 'Revocar la clave Nómina Buk' }).click();
      const confirm = page.getByRole('dialog', { name: 'Revocar clave de API' });
      await expect(confirm).toContainText('dejarán de tener acceso de inmediato');
      await confirm.getByRole('button', { name: 'Revocar' }).click();
      await expect(page.getByText('Clave «Nómina Buk» revocada')).toBeVisible();
      await expect(row).toContainText('Revocada');
      await expect(row.getByRole('button', { name: /Revocar/ })).toHaveCount(0);

      const refused = await system.get('/api/company/users');
      expect(refused.status()).toBe(401);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('La clave de API no es válida, fue revocada o venció');
    } finally {
      await system.dispose();
    }
  });
});
