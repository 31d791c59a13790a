/**
 * The cross-level journey of the token economy: the platform admin adds tokens to an employee, the employee
 * redeems a company benefit and sees its code, the company's HR verifies it (a company benefit that
 * names no provider is its own HR's to redeem; a provider is told it does not exist),
 * seeing what it is for before 'Confirmar canje' uses it (decision 362), and the same code is refused
 * the second time, saying when it was used.
 */
import { expect, test, type Browser } from '@playwright/test';
import { activeCodesOf, DEMO, newEmployee, signIn, type Person } from './support';

const BENEFIT = { title: 'Tarde libre de viernes', cost: 3 };

async function pageFor(browser: Browser, email: string, password?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}


test('admin adds tokens → employee redeems a company benefit → its HR redeems the code once', async ({ browser }) => {
  // Four people and the setup of the employee through the API: longer than the default two minutes on a busy 2-core machine.
  test.setTimeout(240_000);
  // An employee of this journey's own, survey answered, with company tokens for the benefit.
  const EMPLOYEE: Person = await newEmployee({ name: 'Benjamín Pérez', surveyDone: true, companyTokens: BENEFIT.cost + 2 });
  // 1. The platform admin adds 5 flexible tokens.
  const admin = await pageFor(browser, DEMO.admin);
  await expect(admin).toHaveURL(/\/level1\/dashboard$/);
  await admin.goto('/level1/tokens');
  await admin.getByRole('combobox', { name: 'Usuario' }).fill(EMPLOYEE.name);
  await admin.getByRole('option', { name: new RegExp(EMPLOYEE.name) }).click();
  const adminView = admin.getByTestId('selected-jobby-balance');
  await expect(adminView).toHaveText(/^\d+$/);
  const flexibleBefore = Number(await adminView.textContent());
  await admin.getByLabel('Cantidad a añadir').fill('5');
  await admin.getByRole('button', { name: 'Añadir tokens' }).click();
  await admin.getByRole('dialog', { name: 'Añadir tokens' }).getByRole('button', { name: 'Añadir tokens' }).click();
  await expect(admin.getByTestId('tokens-success')).toHaveText(`Se añadieron 5 tokens a ${EMPLOYEE.name}`);
  await admin.context().close();

  // 2. The employee sees the new balance and redeems a company benefit.
  const employee = await pageFor(browser, EMPLOYEE.email, EMPLOYEE.password);
  await expect(employee).toHaveURL(/\/level3\/dashboard$/);
  await expect(employee.getByTestId('balance-flexibles')).toHaveText(String(flexibleBefore + 5));
  const companyBalance = employee.getByTestId('balance-empresa');
  await expect(companyBalance).toHaveText(/^\d+$/);
  const companyBefore = Number(await companyBalance.textContent());
  await employee.goto('/level3/company-benefits');
  const card = employee.getByRole('article', { name: BENEFIT.title });
  await card.getByRole('button', { name: `Canjear por ${BENEFIT.cost} tokens` }).click();
  const dialog = employee.getByRole('dialog', { name: 'Canjear beneficio' });
  await dialog.getByRole('button', { name: 'Confirmar canje' }).click();
  const codeBox = dialog.getByTestId('redeem-code');
  await expect(codeBox).toHaveText(/^[A-Z0-9]{4} [A-Z0-9]{4}$/);
  const code = (await codeBox.textContent())!.trim();
  await expect(companyBalance).toHaveText(String(companyBefore - BENEFIT.cost));
  await employee.context().close();

  // 3. A provider is told the code does not exist; the company's HR verifies it on its requests screen.
  const provider = await pageFor(browser, DEMO.otherProvider);
  await expect(provider.getByRole('heading', { name: 'Verificar Token' })).toBeVisible();
  await provider.getByLabel('Código del token').fill(code);
  await provider.getByRole('button', { name: 'Verificar' }).click();
  await expect(provider.getByTestId('verify-result').getByText('Token no encontrado')).toBeVisible();
  await expect(provider.getByTestId('verify-result')).not.toContainText(EMPLOYEE.name);
  await provider.context().close();

  const hr = await pageFor(browser, DEMO.hr);
  await expect(hr).toHaveURL(/\/level2\/dashboard$/);
  await hr.goto('/level2/requests');
  await expect(hr.getByRole('heading', { name: 'Verificar Token' })).toBeVisible();
  await hr.getByLabel('Código del token').fill(code);
  await hr.getByRole('button', { name: 'Verificar' }).click();
  // What the code is for, before anything is used (decision 362): the employee still holds it.
  const result = hr.getByTestId('verify-result');
  const preview = result.getByTestId('code-preview');
  await expect(preview.getByRole('heading', { name: BENEFIT.title })).toBeVisible();
  await expect(preview).toContainText(`Colaborador: ${EMPLOYEE.name.split(' ')[0]}`);
  await expect(preview.getByText('Empresa')).toBeVisible();
  await expect(preview).toContainText(/Vence el \d{2}\/\d{2}\/\d{4}/);
  expect(await activeCodesOf(EMPLOYEE)).toContain(code.replace(' ', ''));
  await result.getByRole('button', { name: 'Confirmar canje' }).click();
  await expect(result.getByText('Token Válido')).toBeVisible();
  await expect(result.getByText(BENEFIT.title)).toBeVisible();
  await expect(result.getByText(EMPLOYEE.name)).toBeVisible();
  await expect(result.getByText('Empresa')).toBeVisible();
  expect(await activeCodesOf(EMPLOYEE)).not.toContain(code.replace(' ', ''));

  // 4. The same code a second time is refused, saying when this HR used it.
  await hr.getByLabel('Código del token').fill(code);
  await hr.getByRole('button', { name: 'Verificar' }).click();
  await expect(result.getByText('Token Inválido')).toBeVisible();
  await expect(result.getByTestId('verify-error')).toHaveText('El token ya ha sido utilizado o ha expirado');
  await expect(result.getByText(/^Lo canjeaste el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/)).toBeVisible();
  await expect(result.getByRole('button', { name: 'Confirmar canje' })).toHaveCount(0);
  await hr.context().close();
});
