/**
 * Decision 352 (probe K1): an HR admin's key is suspended once she loses access; another
 * HR admin of the company sees 'Suspendida' and 'Creador sin acceso' on 'Integraciones' and confirms
 * it behind a dialog, after which the key works again; level 1 sees every company's keys, filtered by
 * company. Screenshots (desktop and phone) go to SHOTS_DIR when it is set.
 */
import { expect, request, test, type Page } from '@playwright/test';
import { apiAs, DEMO, DESKTOP, newCompany, newEmployee, PHONE, settled, signIn, signOut } from './support';

const shotsDir = process.env.SHOTS_DIR;

async function shots(page: Page, name: string) {
  if (!shotsDir) return;
  for (const [size, suffix] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
    await page.setViewportSize(size);
    await settled(page);
    await page.screenshot({ path: `${shotsDir}/${name}-${suffix}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}

test.describe('a key whose creator lost access', () => {
  test.describe.configure({ timeout: 180_000 });

  test('is suspended; another HR admin confirms it; level 1 sees it under its company', async ({ page }) => {
    const company = await newCompany({ name: 'Claves suspendidas' });
    // A second HR admin of the company: an employee level 1 promotes (the first is admin@<domain>).
    const second = await newEmployee({ name: 'Tomás RR.HH.', of: company, surveyDone: true });
    const admin = await apiAs(DEMO.admin);
    const creator = await apiAs(company.hr, company.hrPassword);
    const baseURL = test.info().project.use.baseURL ?? '';
    const system = await request.newContext({ baseURL });
    try {
      expect((await admin.put(`/api/admin/users/${second.id}/level`, { data: { level: 2 } })).status()).toBe(200);
      const created = await creator.post('/api/api-keys', { data: { name: 'Nómina Buk', scopes: ['users:read', 'tokens:assign'] } });
      expect(created.status()).toBe(200);
      const { secret } = (await created.json()) as { secret: string };
      const withKey = { headers: { authorization: `Bearer ${secret}` } };
      expect((await system.get('/api/company/users', withKey)).status()).toBe(200);

      // Level 1 makes the creator an employee: her key stops at once.
      const found = (await (await admin.get(`/api/admin/users?search=${encodeURIComponent(company.hr)}`)).json()) as { items: Array<{ id: string }> };
      expect((await admin.put(`/api/admin/users/${found.items[0].id}/level`, { data: { level: 3 } })).status()).toBe(200);
      const refused = await system.get('/api/company/users', withKey);
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('API_KEY_SUSPENDED');

      await signIn(page, second.email, second.password);
      await expect(page).toHaveURL(/\/level2\/dashboard$/);
      await page.goto('/level2/integrations');
      const table = page.getByRole('table', { name: 'Claves de API' });
      const row = table.getByRole('row', { name: /Nómina Buk/ });
      await expect(row).toContainText('Suspendida', { timeout: 30_000 });
      await expect(row).toContainText('Creador sin acceso');
      await expect(page.getByText('Hay una clave suspendida')).toBeVisible();
      await shots(page, 'level2-integrations-suspended-key');

      await row.getByRole('button', { name: 'Confirmar la clave Nómina Buk' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirmar clave de API' });
      await expect(dialog).toContainText('tú quedarás como su responsable');
      await shots(page, 'level2-integrations-confirm-key');
      await dialog.getByRole('button', { name: 'Confirmar' }).click();
      await expect(page.getByText('Clave «Nómina Buk» confirmada')).toBeVisible();
      await expect(row).toContainText('Activa');
      await expect(row).toContainText(second.name);
      expect((await system.get('/api/company/users', withKey)).status()).toBe(200);

      // Level 1: every company's keys, filtered by this company.
      await signOut(page);
      await signIn(page, DEMO.admin);
      await expect(page).toHaveURL(/\/level1\/dashboard$/);
      await page.goto('/level1/integrations');
      await expect(page.getByRole('table', { name: 'Claves de API' })).toBeVisible({ timeout: 30_000 });
      const chooseCompany = async () => {
        await page.getByRole('combobox', { name: 'Filtrar por empresa' }).click();
        await page.getByRole('option', { name: company.name }).click();
      };
      await chooseCompany();
      const filtered = page.getByRole('table', { name: 'Claves de API' });
      const keyRow = filtered.getByRole('row', { name: /Nómina Buk/ });
      await expect(keyRow).toContainText(company.name);
      await shots(page, 'level1-integrations-company-keys');

      // The company's last HR admin leaves too: level 1 sees 'Responsable sin acceso' and confirms it.
      expect((await admin.put(`/api/admin/users/${second.id}/level`, { data: { level: 3 } })).status()).toBe(200);
      await page.reload();
      await chooseCompany();
      await expect(keyRow).toContainText('Suspendida', { timeout: 30_000 });
      await expect(keyRow).toContainText('Responsable sin acceso');
      await shots(page, 'level1-integrations-suspended-key');
      await keyRow.getByRole('button', { name: 'Confirmar la clave Nómina Buk' }).click();
      await page.getByRole('dialog', { name: 'Confirmar clave de API' }).getByRole('button', { name: 'Confirmar' }).click();
      await expect(keyRow).toContainText('Activa');
      expect((await system.get('/api/company/users', withKey)).status()).toBe(200);
    } finally {
      await Promise.all([admin.dispose(), creator.dispose(), system.dispose()]);
    }
  });
});
