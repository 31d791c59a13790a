/**
 * What the screens show against what the API says: the header's
 * token cards equal GET /api/me/balances, and a provider approves one request and rejects another
 * on its portal — the employee then has a code for the first and the tokens of the second back,
 * read from the API, and the header agrees.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs, DEMO, newEmployee, signIn } from './support';

const MANAGED = { title: 'Entrada 2x1 Cine Estrella', cost: 4 };
type Balances = { jobby: number; company: number };

async function balancesFromApi(api: APIRequestContext): Promise<Balances> {
  const res = await api.get('/api/me/balances');
  expect(res.ok()).toBeTruthy();
  const { jobby, company } = (await res.json()) as Balances;
  return { jobby, company };
}

/** The two token cards of the header, once loaded. */
async function headerBalances(page: Page): Promise<Balances> {
  const jobby = page.getByTestId('balance-flexibles');
  const company = page.getByTestId('balance-empresa');
  await expect(jobby).toHaveText(/^\d+$/);
  await expect(company).toHaveText(/^\d+$/);
  return { jobby: Number(await jobby.textContent()), company: Number(await company.textContent()) };
}

test('the header balances are the API balances, and a provider approves one request and rejects another', async ({ browser }) => {
  // An employee of this journey's own, survey answered, with flexible tokens for two requests and a
  // company balance the decisions must leave alone.
  const EMPLOYEE = await newEmployee({ name: 'Javiera Soto', of: 'austral', surveyDone: true, flexible: 2 * MANAGED.cost + 3, companyTokens: 4 });
  const employeeApi = await apiAs(EMPLOYEE.email, EMPLOYEE.password);
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await signIn(employee, EMPLOYEE.email, EMPLOYEE.password);
  await expect(employee).toHaveURL(/\/level3\/dashboard$/);
  const start = await balancesFromApi(employeeApi);
  expect(await headerBalances(employee)).toEqual(start);

  // Two requests of Cine Estrella's managed benefit, told apart by their comments.
  const catalogue = (await (await employeeApi.get('/api/catalogue')).json()) as { platform: Array<{ id: string; title: string }> };
  const benefit = catalogue.platform.find((item) => item.title === MANAGED.title);
  expect(benefit, 'the demo data has the Cine Estrella managed benefit').toBeTruthy();
  const requestIds: Record<'approve' | 'reject', string> = { approve: '', reject: '' };
  for (const [decision, comments] of [['approve', 'Para el viernes'], ['reject', 'Para el sábado']] as const) {
    const res = await employeeApi.post('/api/redemptions', {
      data: { kind: 'platform', benefitId: benefit!.id, comments },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    const body = (await res.json()) as { requestId: string; status: string };
    expect(body.status).toBe('pending_provider_approval');
    requestIds[decision] = body.requestId;
  }
  const afterRedeeming = await balancesFromApi(employeeApi);
  expect(afterRedeeming).toEqual({ jobby: start.jobby - 2 * MANAGED.cost, company: start.company });
  await employee.reload();
  expect(await headerBalances(employee)).toEqual(afterRedeeming);

  // The provider decides on its portal.
  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  await signIn(provider, DEMO.otherProvider);
  const list = provider.getByRole('list', { name: 'Solicitudes pendientes' });
  const toApprove = list.getByRole('listitem').filter({ hasText: EMPLOYEE.name }).filter({ hasText: 'Para el viernes' });
  const toReject = list.getByRole('listitem').filter({ hasText: EMPLOYEE.name }).filter({ hasText: 'Para el sábado' });
  await expect(toApprove).toHaveCount(1);
  await expect(toReject).toHaveCount(1);

  await toApprove.getByRole('button', { name: 'Aprobar' }).click();
  await expect(provider.getByText('Solicitud aprobada correctamente')).toBeVisible();
  await expect(toApprove).toHaveCount(0);

  await toReject.getByRole('button', { name: 'Rechazar' }).click();
  const dialog = provider.getByRole('dialog', { name: 'Rechazar solicitud' });
  await expect(dialog).toContainText(`Se le devolverán sus ${MANAGED.cost} tokens`);
  await dialog.getByRole('button', { name: 'Rechazar' }).click();
  await expect(provider.getByText('Solicitud rechazada correctamente')).toBeVisible();
  await expect(toReject).toHaveCount(0);
  await providerContext.close();

  // What the employee has now, by the API: a code for one, the tokens of the other back.
  const mine = (await (await employeeApi.get('/api/requests/mine?limit=100')).json()) as {
    items: Array<{ id: string; status: string; code: { code: string; status: string } | null }>;
  };
  const approved = mine.items.find((r) => r.id === requestIds.approve);
  const rejected = mine.items.find((r) => r.id === requestIds.reject);
  expect(approved).toMatchObject({ status: 'approved', code: { code: expect.stringMatching(/^[A-Z0-9]{8}$/), status: 'active' } });
  expect(rejected).toMatchObject({ status: 'rejected', code: null });
  const end = await balancesFromApi(employeeApi);
  expect(end).toEqual({ jobby: start.jobby - MANAGED.cost, company: start.company });

  // And the header agrees with the API.
  await employee.reload();
  expect(await headerBalances(employee)).toEqual(end);
  await employeeContext.close();
  await employeeApi.dispose();
});
