/**
 * Level 1 reads the completed surveys: search, a survey's answers by their Spanish names,
 * and the company's summary. Demo data (seed): Andes has four survey A answers and one survey B
 * (Javiera Soto); Camila Rojas answered 'Festival de Viña', Comidas › Experiencias › Mascotas, satisfecho.
 */
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

test('the operator searches the surveys, opens one and sees its answers by name and the company summary', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/level1\/dashboard$/);
  await page.goto('/level1/surveys');
  await expect(page.getByRole('heading', { name: 'Encuestas', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Encuestas completadas' });
  // The demo's nine surveys, and any that other journeys' own people answered on this server.
  await expect(list.getByRole('article').nth(8)).toBeVisible();

  // By her address: other journeys' people may also be called Camila.
  await page.getByPlaceholder('Buscar por nombre, correo o empresa').fill('camila@andes.cl');
  await expect(list.getByRole('article')).toHaveCount(1);
  const card = list.getByRole('article', { name: 'Encuesta de Camila Rojas' });
  await expect(card).toContainText('Andes');
  await expect(card).toContainText('Encuesta A');
  await expect(card).toContainText(/Completada el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await card.getByRole('button', { name: 'Ver respuestas de Camila Rojas' }).click();

  const dialog = page.getByRole('dialog', { name: 'Respuestas de la encuesta' });
  await expect(dialog.getByText('Festival de Viña · Todas las generaciones')).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText(['Comidas', 'Experiencias', 'Mascotas']);
  await expect(dialog.getByText('Satisfecho — Me gustan')).toBeVisible();
  await expect(dialog).not.toContainText('festival_vina');
  // Andes' summary counts every Andes respondent, the demo's four and any other journey's own
  // newcomers: the figures shown are the ones the server counted.
  const { items: found } = (await (await page.request.get('/api/companies?search=Andes')).json()) as { items: { id: string; name: string }[] };
  const andes = found.find((c) => c.name === 'Andes')!;
  const counted = (await (await page.request.get(`/api/admin/companies/${andes.id}/survey-summary`)).json()) as {
    respondentsA: number;
    respondentsB: number;
    categories: { id: string; count: number; firstChoice: number }[];
  };
  const comidas = counted.categories.find((c) => c.id === 'comidas')!;
  expect(counted.respondentsA).toBeGreaterThanOrEqual(4);
  expect(comidas.firstChoice).toBeGreaterThanOrEqual(2);
  const summary = dialog.getByRole('region', { name: 'Resumen de Andes' });
  await expect(summary).toContainText(`${counted.respondentsA} personas respondieron la encuesta A y ${counted.respondentsB} la encuesta B.`);
  await expect(summary.getByRole('progressbar', { name: `Comidas: ${comidas.count} de ${counted.respondentsA}` })).toBeVisible();
  await expect(summary).toContainText(`${comidas.firstChoice} la eligieron en primer lugar`);
  await dialog.getByRole('button', { name: 'Cerrar' }).or(dialog.locator('.mantine-Modal-close')).first().click();
  await expect(dialog).toBeHidden();

  // Survey B: the type filter, then its four steps by name.
  await page.getByPlaceholder('Buscar por nombre, correo o empresa').fill('javiera@andes.cl');
  await page.getByRole('radiogroup', { name: 'Tipo de encuesta' }).getByText('Encuesta B').click();
  await expect(list.getByRole('article')).toHaveCount(1);
  await list.getByRole('button', { name: 'Ver respuestas de Javiera Soto' }).click();
  await expect(dialog.getByText('Colaborador', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('listitem').first()).toHaveText('Equipo y comunidad');
  await expect(dialog.getByRole('progressbar', { name: 'Interacción social: 85 de 100' })).toBeVisible();
  await expect(dialog).toContainText('6 meses: Nuevas habilidades técnicas');
});
