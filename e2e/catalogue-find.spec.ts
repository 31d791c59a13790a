/**
 * The catalogue finds things (decision 273): an employee of their own, with 5 flexible tokens, searches
 * two benefits of this journey by name, orders them by cost both ways (carousel and grid), keeps only
 * what 5 tokens cover with 'Me alcanza', and opens a benefit's detail: its terms and where to use it.
 */
import { expect, test } from '@playwright/test';
import { apiAs, DEMO, newEmployee, signIn, unique } from './support';

test('an employee searches the catalogue, sorts by cost, toggles "Me alcanza" and opens a benefit detail', async ({ page }) => {
  const tag = unique('Termas');
  const cheap = `${tag} Baño termal`;
  const dear = `${tag} Fin de semana`;
  const admin = await apiAs(DEMO.admin);
  for (const [title, tokenCost, extra] of [
    [cheap, 2, { description: 'Entrada de un día a las piscinas termales.\nVálido de lunes a viernes.', providerName: 'Termas del Sur', value: '2x1' }],
    [dear, 9, { description: 'Dos noches con desayuno.' }],
  ] as const) {
    const res = await admin.post('/api/platform-benefits', { data: { title, tokenCost, type: 'automatic', stock: 0, limitPerUser: 0, ...extra } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  await admin.dispose();
  const person = await newEmployee({ name: 'Marta Fuentes', surveyDone: true, flexible: 5 });

  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/level3\/dashboard$/);
  await page.goto('/level3/benefits');
  await page.getByRole('textbox', { name: 'Buscar beneficios por nombre' }).fill(tag);
  // The carousel keeps working on what the server found: two slides.
  await expect(page.getByTestId('carousel-current')).toHaveAttribute('aria-label', / de 2: /);

  // In the grid (the carousel turns by itself): both cards, in the chosen order.
  await page.getByTestId('view-toggle').click();
  const titles = page.getByTestId('benefits-grid').getByRole('heading', { level: 3 });
  const order = page.getByRole('combobox', { name: 'Ordenar beneficios' });
  await order.click();
  await page.getByRole('option', { name: 'Mayor costo primero' }).click();
  await expect(titles).toHaveText([dear, cheap]);
  await order.click();
  await page.getByRole('option', { name: 'Menor costo primero' }).click();
  await expect(titles).toHaveText([cheap, dear]);

  // 'Me alcanza' leaves what 5 flexible tokens cover.
  await page.getByRole('switch', { name: 'Me alcanza' }).check();
  await expect(titles).toHaveText([cheap]);
  await page.getByRole('switch', { name: 'Me alcanza' }).uncheck();
  await expect(titles).toHaveText([cheap, dear]);

  // A name that matches nothing says so and offers the way back.
  await page.getByRole('textbox', { name: 'Buscar beneficios por nombre' }).fill(`${tag} inexistente`);
  await expect(page.getByText('Ningún beneficio coincide')).toBeVisible();
  await page.getByRole('button', { name: 'Quitar filtros' }).click();
  await page.getByRole('textbox', { name: 'Buscar beneficios por nombre' }).fill(tag);
  // The carousel came back (its view is its own): the grid again.
  await page.getByTestId('view-toggle').click();
  await expect(titles).toHaveCount(2);

  // The detail: terms, value, where to use it, and the way to redeem.
  await page.getByRole('button', { name: `Ver detalle de ${cheap}` }).click();
  const detail = page.getByRole('dialog', { name: 'Detalle del beneficio' });
  await expect(detail.getByRole('heading', { name: cheap })).toBeVisible();
  await expect(detail).toContainText('Válido de lunes a viernes.');
  await expect(detail.getByTestId('benefit-value')).toHaveText('2x1');
  await expect(detail.getByTestId('benefit-place')).toHaveText('Termas del Sur');
  await detail.getByRole('button', { name: 'Canjear por 2 tokens' }).click();
  await expect(page.getByRole('dialog', { name: 'Canjear beneficio' })).toBeVisible();
});
