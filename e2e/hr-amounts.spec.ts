import { expect, test, type Page } from '@playwright/test';
import { DEMO, newCompany, newEmployee, signIn } from './support';

/** Every company balance of HR's employees, by email (the API the tokens screen reads). */
async function companyBalances(page: Page): Promise<Record<string, number>> {
  const res = await page.request.get('/api/company/employees?limit=100');
  const body = (await res.json()) as { items: Array<{ email: string; company: number }> };
  return Object.fromEntries(body.items.map((e) => [e.email, e.company]));
}

test.describe('HR amounts are what HR typed (decision 120)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('0 and −5 in the single and the bulk assignment are refused with the spec message, nothing is sent and no balance moves', async ({ page }) => {
    await signIn(page, DEMO.hr);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await page.goto('/level2/tokens');
    await expect(page.getByRole('heading', { name: 'Tokens de la empresa', level: 1 })).toBeVisible({ timeout: 30_000 });
    const before = await companyBalances(page);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/company/tokens/')) sent.push(request.url());
    });

    await page.getByPlaceholder('Buscar por nombre o email').fill('camila');
    await page.getByRole('table', { name: 'Colaboradores y sus tokens' }).getByRole('row', { name: /camila@andes\.cl/ }).getByRole('button', { name: /Asignar tokens a/ }).click();
    const single = page.getByRole('dialog', { name: 'Asignar tokens de empresa' });
    for (const typed of ['0', '-5']) {
      await single.getByLabel('Cantidad').fill(typed);
      await single.getByRole('button', { name: 'Asignar' }).click();
      await expect(single.getByText('Por favor complete todos los campos requeridos')).toBeVisible();
      // What was typed stays on screen: nothing turned it into 1.
      await expect(single.getByLabel('Cantidad')).toHaveValue(typed);
    }
    await single.getByRole('button', { name: 'Cancelar' }).click();
    await expect(single).toBeHidden();

    await page.getByRole('button', { name: 'Asignación masiva' }).click();
    const bulk = page.getByRole('dialog', { name: 'Asignación masiva de tokens' });
    await bulk.getByLabel(/^Seleccionar todos \(\d+\)$/).check();
    for (const typed of ['0', '-5']) {
      await bulk.getByLabel('Cantidad por usuario').fill(typed);
      await bulk.getByRole('button', { name: /^Asignar a \d+ usuarios$/ }).click();
      await expect(bulk.getByRole('alert')).toHaveText('Seleccione usuarios y especifique una cantidad válida');
      await expect(bulk.getByLabel('Cantidad por usuario')).toHaveValue(typed);
    }

    expect(sent).toEqual([]);
    expect(await companyBalances(page)).toEqual(before);
  });

  test('the bulk assignment leaves out inactive employees and shows the people and the total before it runs', async ({ page }) => {
    await signIn(page, DEMO.hr);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await page.goto('/level2/tokens');
    await expect(page.getByRole('heading', { name: 'Tokens de la empresa', level: 1 })).toBeVisible({ timeout: 30_000 });
    // Other journeys' Andes newcomers may push him to a later page: find him first.
    await page.getByPlaceholder('Buscar por nombre o email').fill('tomas@andes.cl');
    await expect(page.getByRole('button', { name: 'Asignar tokens a Tomás Silva' }).first()).toBeDisabled();
    await page.getByPlaceholder('Buscar por nombre o email').fill('');
    await page.getByRole('button', { name: 'Asignación masiva' }).click();
    const bulk = page.getByRole('dialog', { name: 'Asignación masiva de tokens' });
    // Tomás (tomas@andes.cl) is inactive in the demo data.
    await expect(bulk.getByTestId('bulk-inactive-note')).toHaveText('1 colaborador inactivo no aparece: no recibe tokens.');
    await expect(bulk.getByText('Tomás Silva')).toHaveCount(0);
    await bulk.getByLabel(/^Seleccionar todos \(\d+\)$/).check();
    const people = (await bulk.getByRole('checkbox').count()) - 1;
    await bulk.getByLabel('Cantidad por usuario').fill('3');
    await expect(bulk.getByTestId('bulk-summary')).toHaveText(`Se asignarán 3 tokens a cada uno de ${people} usuarios: ${3 * people} tokens en total.`);
  });

  test("'Asignar ahora' asks to save a changed amount first, then confirms the amount, the people and the total", async ({ page }) => {
    // The month's allowance is granted once per company: this journey's own company, so a retry or a
    // rerun finds a month not granted yet. Two employees: the texts are the plural ones.
    const company = await newCompany({ name: 'Pampa Asignaciones' });
    const camila = await newEmployee({ name: 'Camila Rojas', of: company });
    await newEmployee({ name: 'Bruno Díaz', of: company });
    await signIn(page, company.hr, company.hrPassword);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await page.goto('/level2/tokens');
    const card = page.getByTestId('monthly-allowance-card');
    await expect(card).toBeVisible({ timeout: 30_000 });
    const grants: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/monthly-allowance/grant')) grants.push(request.url());
    });
    const balance = async () => {
      const res = await page.request.get(`/api/company/employees?search=${encodeURIComponent(camila.email)}`);
      return ((await res.json()) as { items: Array<{ company: number }> }).items[0].company;
    };
    const before = await balance();

    await card.getByLabel('Tokens por colaborador').fill('4');
    await card.getByRole('button', { name: 'Asignar ahora' }).click();
    await expect(card.getByText('Guarde la nueva cantidad antes de asignar ahora')).toBeVisible();
    expect(grants).toEqual([]);

    await card.getByRole('button', { name: 'Guardar' }).click();
    await expect(card.getByText('Asignación mensual guardada correctamente')).toBeVisible();
    await expect(card.getByText('colaborador activo (2)', { exact: false })).toBeVisible();
    const active = 2;
    await card.getByRole('button', { name: 'Asignar ahora' }).click();
    const dialog = page.getByRole('dialog', { name: 'Asignar ahora' });
    await expect(dialog).toContainText(`Se asignarán 4 tokens de empresa a cada uno de los ${active} colaboradores activos (${4 * active} tokens en total)`);
    await dialog.getByRole('button', { name: 'Asignar' }).click();
    await expect(card.getByText(/Asignación mensual de .+ realizada/)).toBeVisible();
    expect(await balance()).toBe(before + 4);

  });
});
