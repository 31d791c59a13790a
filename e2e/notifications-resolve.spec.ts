/**
 * Notifications resolve themselves (decision 202): a company of the journey's own with
 * two HR admins; an employee asks for a benefit that needs approval; both bells count it; one HR
 * approves on 'Solicitudes' and the other HR's open bell drops, live, and shows it 'Ya resuelta'.
 */
import { expect, test, type Browser } from '@playwright/test';
import { apiAs, DEMO, newCompany, newEmployee, signIn, uniqueName } from './support';

async function pageFor(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

test('an approved request leaves no "espera tu aprobación" in either HR bell', async ({ browser }) => {
  test.setTimeout(240_000);
  const company = await newCompany({ name: 'Campana' });
  // The company's second HR: one of its people, given level 2 by level 1.
  const second = await newEmployee({ name: 'Segunda RR.HH.', of: company });
  const root = await apiAs(DEMO.admin);
  expect((await root.put(`/api/admin/users/${second.id}/level`, { data: { level: 2 } })).status()).toBe(200);
  await root.dispose();
  const hrApi = await apiAs(company.hr, company.hrPassword);
  const title = uniqueName('Tarde libre');
  expect(
    (await hrApi.post('/api/company-benefits', { data: { title, description: 'Una tarde para ti', tokenCost: 1, availableTokens: 5, limitPerUser: 5, requiresApproval: true } })).status(),
  ).toBe(200);
  await hrApi.dispose();
  const person = await newEmployee({ name: 'Rosa Campana', of: company, surveyDone: true, companyTokens: 3 });

  const hr1 = await pageFor(browser, company.hr, company.hrPassword);
  const hr2 = await pageFor(browser, second.email, second.password);
  for (const page of [hr1, hr2]) await expect(page.getByTestId('bell')).toHaveAccessibleName('Notificaciones');

  // The employee asks; both bells ring (live: nobody reloads).
  const self = await apiAs(person.email, person.password);
  const catalogue = (await (await self.get('/api/catalogue')).json()) as { company: { id: string; title: string }[] };
  const benefit = catalogue.company.find((b) => b.title === title)!;
  expect((await self.post('/api/redemptions', { data: { kind: 'company', benefitId: benefit.id }, headers: { 'Idempotency-Key': crypto.randomUUID() } })).status()).toBe(200);
  await self.dispose();
  for (const page of [hr1, hr2]) await expect(page.getByTestId('bell')).toHaveAccessibleName('Notificaciones (1 sin leer)');
  await hr2.getByTestId('bell').click();
  const waiting = hr2.getByTestId('notification-item').filter({ hasText: 'espera tu aprobación' });
  await expect(waiting).toContainText(`${person.name} solicitó "${title}" y espera tu aprobación.`);
  await expect(waiting.getByTestId('notification-resolved')).toHaveCount(0);

  // The first HR approves on its requests screen.
  await hr1.goto('/level2/requests');
  await hr1.getByRole('button', { name: `Aprobar la solicitud de ${person.name}` }).click();
  await hr1.getByRole('dialog').getByRole('button', { name: 'Aprobar' }).click();

  // Both bells drop; the second HR's open list marks it done without a reload.
  for (const page of [hr1, hr2]) await expect(page.getByTestId('bell')).toHaveAccessibleName('Notificaciones');
  await expect(waiting.getByTestId('notification-resolved')).toHaveText('Ya resuelta');
});
