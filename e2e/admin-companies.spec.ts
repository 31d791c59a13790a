import { expect, test } from '@playwright/test';
import { DEMO, signIn, signOut } from './support';

test.describe('level 1 companies (/level1/companies)', () => {
  test('the operator creates a company with its domain and its HR admin, who then signs in to that company', async ({ page }) => {
    // A company of this journey's own: a retry or a rerun creates another name and domain.
    const slug = `pehuen${Math.random().toString(36).slice(2, 7).replace(/\d/g, 'x')}`;
    const name = `P${slug.slice(1)}`;
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await page.goto('/level1/companies');
    await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Empresas' });
    await expect(table.getByRole('row', { name: /Andes/ })).toBeVisible();

    // Add: the required fields are checked before anything is sent.
    await page.getByRole('button', { name: 'Nueva empresa' }).first().click();
    const companyDialog = page.getByRole('dialog', { name: 'Nueva empresa' });
    await companyDialog.getByRole('button', { name: 'Crear empresa' }).click();
    await expect(companyDialog.getByText('Los campos Nombre, Contacto y Email son obligatorios').first()).toBeVisible();
    await companyDialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name);
    await companyDialog.getByLabel('Nombre de contacto').fill('Marta Soto');
    await companyDialog.getByLabel('Email de contacto').fill(`marta@${slug}.cl`);
    await companyDialog.getByLabel('Teléfono').fill('+56 9 5555 1234');
    await companyDialog.getByLabel('Dominio de correo').fill('andes.cl');
    await companyDialog.getByRole('button', { name: 'Crear empresa' }).click();
    await expect(companyDialog.getByText('Ya existe una empresa con ese dominio de correo')).toBeVisible();
    await companyDialog.getByLabel('Dominio de correo').fill(`${name}.CL`);
    await companyDialog.getByRole('button', { name: 'Crear empresa' }).click();
    await expect(companyDialog).toBeHidden();
    const banner = page.getByRole('status').filter({ hasText: 'Empresa creada correctamente' });
    await expect(banner).toBeVisible();
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(`@${slug}.cl`);
    await expect(row).toContainText('Activa');
    // The spec's banners clear themselves after 5 s.
    await expect(banner).toBeHidden({ timeout: 8_000 });

    // Crear administrador: pre-filled admin@ + the company's email domain; the admin@ rule is checked.
    await row.getByRole('button', { name: `Crear administrador de ${name}` }).click();
    const adminDialog = page.getByRole('dialog', { name: 'Crear administrador' });
    const email = adminDialog.getByLabel('Correo del administrador');
    await expect(email).toHaveValue(`admin@${slug}.cl`);
    await adminDialog.getByLabel('Nombre').fill('Jorge Pehuen');
    await email.fill(`rrhh@${slug}.cl`);
    await adminDialog.getByLabel(/^Contraseña/).fill('clave123');
    await adminDialog.getByLabel('Confirmar contraseña').fill('clave124');
    await adminDialog.getByRole('button', { name: 'Crear administrador' }).click();
    await expect(adminDialog.getByText('El correo del administrador debe comenzar con "admin@"')).toBeVisible();
    await expect(adminDialog.getByText('Las contraseñas no coinciden')).toBeVisible();
    await email.fill(`admin@${slug}.cl`);
    await adminDialog.getByLabel('Confirmar contraseña').fill('clave123');
    await adminDialog.getByRole('button', { name: 'Crear administrador' }).click();
    await expect(adminDialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Administrador creado correctamente' })).toBeVisible();
    await expect(row.getByRole('cell').nth(0)).toContainText(name);

    // Deactivate and activate again, each after a confirmation.
    await row.getByRole('button', { name: `Desactivar ${name}` }).click();
    await page.getByRole('dialog', { name: 'Desactivar empresa' }).getByRole('button', { name: 'Desactivar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Empresa desactivada correctamente' })).toBeVisible();
    await expect(row).toContainText('Inactiva');
    await row.getByRole('button', { name: `Activar ${name}` }).click();
    await page.getByRole('dialog', { name: 'Activar empresa' }).getByRole('button', { name: 'Activar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Empresa activada correctamente' })).toBeVisible();
    await expect(row).toContainText('Activa');

    // The operator is still themself; the new admin signs in to the new company's dashboard.
    await signOut(page);
    await signIn(page, `admin@${slug}.cl`, 'clave123');
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    const me = await page.request.get('/api/me');
    expect(await me.json()).toMatchObject({ email: `admin@${slug}.cl`, level: 2, companyName: name });
  });
});
