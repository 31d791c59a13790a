import { expect, test } from '@playwright/test';
import { apiAs, DEMO, newCompany, signIn, unique } from './support';

/** Forms that show only the current result, dates as dd/mm/yyyy, HR's 'Tokens' in the menu. */
test.describe('forms that do not fight the person', () => {
  test('login and register: the same words for an empty email, and a stale refusal never beside a new one', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await expect(page.getByText('El correo es obligatorio')).toBeVisible();

    await page.goto('/login');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('El correo es obligatorio')).toBeVisible();

    await page.getByLabel('Correo electrónico').fill(`${unique('nadie')}@andes.cl`);
    await page.getByLabel('Contraseña').fill('equivocada1');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const refusal = page.getByTestId('login-error');
    await expect(refusal).toHaveText('Credenciales incorrectas. Verifica tu correo y contraseña.');
    // A new attempt the form refuses by itself: only its own message remains.
    await page.getByLabel('Correo electrónico').fill('');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('El correo es obligatorio')).toBeVisible();
    await expect(refusal).toBeHidden();
  });

  test("HR: after a duplicate, the next refusal stands alone; a benefit's dates are typed dd/mm/yyyy; 'Tokens' is in the menu", async ({ page }) => {
    const own = await newCompany({ name: 'Formularios' });
    await signIn(page, own.hr, own.hrPassword);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);

    await page.getByRole('navigation').getByRole('link', { name: 'Tokens' }).click();
    await expect(page).toHaveURL(/\/level2\/tokens$/);

    await page.goto('/level2/users');
    const email = `${unique('dup')}@${own.domain}`;
    const addUser = async (name: string) => {
      await page.getByRole('button', { name: 'Agregar Usuario' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Agregar Usuario' });
      await dialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name);
      await dialog.getByLabel('Correo o nombre de usuario').fill(email);
      await dialog.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('clave123');
      await dialog.getByLabel('Confirmar contraseña').fill('clave123');
      await dialog.getByRole('button', { name: 'Crear usuario' }).click();
      return dialog;
    };
    await expect(await addUser('Rita Soto')).toBeHidden();
    const dialog = await addUser('Rita Soto Dos');
    const duplicate = dialog.getByRole('alert');
    await expect(duplicate).toContainText('Ya existe un usuario con ese correo electrónico');
    await dialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(dialog.getByText('El nombre es obligatorio')).toBeVisible();
    await expect(duplicate).toBeHidden();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await page.goto('/level2/benefits');
    await page.getByRole('button', { name: 'Nuevo beneficio' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nuevo beneficio interno' });
    const title = unique('Tarde libre');
    await form.getByLabel('Título').fill(title);
    await form.getByLabel('Descripción').fill('Una tarde libre al mes.');
    await form.getByLabel('Fecha de inicio').fill('05/03/2026');
    await form.getByLabel('Fecha de término').fill('31/12/2026');
    await form.getByRole('heading', { name: 'Nuevo beneficio interno' }).click();
    await expect(form.getByLabel('Fecha de inicio')).toHaveValue('05/03/2026');
    await form.getByRole('button', { name: 'Crear beneficio' }).click();
    await expect(form).toBeHidden();
    // The server receives the same shape as before: an ISO calendar date.
    const hr = await apiAs(own.hr, own.hrPassword);
    const list = (await (await hr.get(`/api/company-benefits?search=${encodeURIComponent(title)}`)).json()) as { items: { title: string; startDate: string; endDate: string }[] };
    await hr.dispose();
    expect(list.items.find((b) => b.title === title)).toMatchObject({ startDate: '2026-03-05', endDate: '2026-12-31' });
  });

  test("level 1's platform benefit form: the category from the list, one provider field", async ({ page }) => {
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await page.goto('/level1/benefits/jobby');
    await page.getByRole('button', { name: 'Nuevo beneficio' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nuevo beneficio' });
    await form.getByRole('button', { name: 'Crear beneficio' }).click();
    // The spec's one message for three required fields, written once.
    await expect(form.getByText('Los campos Título, Descripción y Tipo son obligatorios')).toHaveCount(1);
    await expect(form.getByLabel('Proveedor (nombre)')).toHaveCount(0);
    await expect(form.getByLabel('Proveedor', { exact: true })).toHaveCount(1);
    await form.getByLabel('Categoría', { exact: true }).click();
    await expect(page.getByRole('option', { name: 'Comidas' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Mascotas' })).toBeVisible();
  });
});
