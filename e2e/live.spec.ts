/**
 * Live screens and achievements, with two browser contexts open side by side: level 1
 * adds tokens and the employee's header changes without a reload; a 'tokens_used_count' rule of
 * value 1 rewards the employee once after their next used code, and the bell tells them.
 */
import { expect, test, type Browser } from '@playwright/test';
import { apiAs, DEMO, newCompany, newEmployee, signIn } from './support';
import { formatCode } from '../src/domain/code';

const RULE_PREFIX = 'Primer canje ';
const RULE = `${RULE_PREFIX}${Date.now() % 100000}`;

async function pageFor(browser: Browser, email: string, password?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

test('tokens added by level 1 reach the open header; a used code earns the rule once and rings the bell', async ({ browser, baseURL }) => {
  // Three people at once on a shared 2-core machine: slower than one journey.
  test.setTimeout(300_000);
  // The rule pays everyone on their next used code: a rule an earlier try of this journey left
  // active would pay this employee too, so it is turned off first.
  const operator = await apiAs(DEMO.admin);
  const rules = (await (await operator.get('/api/achievement-rules?limit=100')).json()) as { items: Array<{ id: string; name: string; status: string }> };
  for (const left of rules.items.filter((r) => r.name.startsWith(RULE_PREFIX) && r.status === 'active')) {
    expect((await operator.post(`/api/achievement-rules/${left.id}/status`, { data: { status: 'inactive' } })).status()).toBe(200);
  }
  await operator.dispose();
  // An employee of this journey's own, survey answered, with a flexible token for the coupon, in a
  // company of its own: the demo companies' 20 places fill up when earlier journeys needed a retry.
  const EMPLOYEE = await newEmployee({ name: 'Benjamín Pérez', of: await newCompany({ name: 'En Vivo' }), surveyDone: true, flexible: 1 });
  const employee = await pageFor(browser, EMPLOYEE.email, EMPLOYEE.password);
  await expect(employee).toHaveURL(/\/level3\/dashboard$/);
  const flexible = employee.getByTestId('balance-flexibles');
  await expect(flexible).toHaveText(/^\d+$/);
  const before = Number(await flexible.textContent());

  // 1. Level 1 adds 2 flexible tokens; the employee's header follows, no reload.
  const admin = await pageFor(browser, DEMO.admin);
  await expect(admin).toHaveURL(/\/level1\/dashboard$/);
  await admin.goto('/level1/tokens');
  await admin.getByRole('combobox', { name: 'Usuario' }).fill(EMPLOYEE.name);
  await admin.getByRole('option', { name: new RegExp(EMPLOYEE.name) }).click();
  await admin.getByLabel('Cantidad a añadir').fill('2');
  await admin.getByRole('button', { name: 'Añadir tokens' }).click();
  await admin.getByRole('dialog', { name: 'Añadir tokens' }).getByRole('button', { name: 'Añadir tokens' }).click();
  await expect(admin.getByTestId('tokens-success')).toHaveText(`Se añadieron 2 tokens a ${EMPLOYEE.name}`);
  await expect(flexible).toHaveText(String(before + 2));

  // 2. Level 1 creates the rule on /level1/achievements (defaults shown, then a code count of 1).
  await admin.goto('/level1/achievements');
  await expect(admin.getByRole('tab', { name: 'Reglas' })).toBeVisible();
  await admin.getByRole('button', { name: 'Nueva regla' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Nueva regla' });
  await expect(dialog.getByLabel('Ventana de tiempo (minutos)')).toHaveValue('40');
  await expect(dialog.getByLabel('Mínimo de usuarios')).toHaveValue('2');
  await expect(dialog.getByLabel('Recompensa (tokens flexibles)')).toHaveValue('5');
  await dialog.getByRole('button', { name: 'Crear regla' }).click();
  await expect(dialog.getByText('El nombre es obligatorio')).toBeVisible();
  await dialog.getByLabel('Nombre').fill(RULE);
  await dialog.getByLabel('Descripción').fill('Usa tu primer código en un proveedor');
  await dialog.getByLabel('Condición').click();
  await admin.getByRole('option', { name: 'Cantidad de códigos usados' }).click();
  await dialog.getByLabel('Códigos usados').fill('1');
  await dialog.getByLabel('Recompensa (tokens flexibles)').fill('3');
  await dialog.getByRole('button', { name: 'Crear regla' }).click();
  await expect(admin.getByText('Regla creada correctamente')).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Reglas de logros' }).getByText(RULE)).toBeVisible();

  // 3. The employee redeems Café Central's coupon; the provider verifies it at the counter.
  const origin = { origin: baseURL! };
  const catalogue = (await (await employee.request.get('/api/catalogue')).json()) as { platform: Array<{ id: string; title: string }> };
  const coupon = catalogue.platform.find((b) => b.title === '20% de descuento en delivery');
  expect(coupon, 'the demo data has the Café Central delivery coupon').toBeTruthy();
  const redeemed = await employee.request.post('/api/redemptions', {
    data: { kind: 'platform', benefitId: coupon!.id },
    headers: { ...origin, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(redeemed.ok()).toBeTruthy();
  const code = ((await redeemed.json()) as { code: { code: string } }).code.code;
  const provider = await pageFor(browser, DEMO.provider);
  await provider.getByLabel('Código del token').fill(code);
  await provider.getByRole('button', { name: 'Verificar' }).click();
  await provider.getByTestId('verify-result').getByRole('button', { name: 'Confirmar canje' }).click();
  await expect(provider.getByText('¡Token Canjeado!')).toBeVisible();
  // Codes are shown in two groups of four (decision 57).
  await expect(provider.getByRole('table', { name: 'Historial de tokens procesados' }).getByText(formatCode(code))).toBeVisible();

  // 4. The reward lands in the open header and the bell, once.
  await expect(flexible).toHaveText(String(before + 2 - 1 + 3));
  const bell = employee.getByTestId('bell');
  await expect(bell).toHaveAccessibleName(/sin leer/);
  await bell.click();
  const unlocked = employee.getByTestId('notification-item').filter({ hasText: RULE });
  await expect(unlocked).toHaveCount(1);
  await expect(unlocked).toContainText('¡Logro desbloqueado!');
  await expect(unlocked).toContainText('ganaste 3 tokens flexibles');
  await expect(employee.getByTestId('notification-item').filter({ hasText: 'Recibiste 2 tokens flexibles' })).toHaveCount(1);
  await employee.setViewportSize({ width: 390, height: 844 });
  await employee.setViewportSize({ width: 1366, height: 850 });
  await employee.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await expect(bell).toHaveAccessibleName('Notificaciones');

  // 5. The analysis tab counts the grant of the rule.
  await admin.getByRole('tab', { name: 'Análisis Reciente' }).click();
  await expect(admin.getByRole('button', { name: 'Actualizar' })).toBeVisible();
  await expect(admin.getByRole('tabpanel', { name: 'Análisis Reciente' }).getByText(RULE)).toBeVisible();

  // The company form carries the monthly flexible allowance.
  await admin.goto('/level1/companies');
  await admin.getByRole('button', { name: /^Editar / }).first().click();
  await expect(admin.getByLabel('Tokens flexibles mensuales por colaborador')).toBeVisible();
  await Promise.all([employee.context().close(), admin.context().close(), provider.context().close()]);
});
