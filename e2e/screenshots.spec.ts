/**
 * The screenshots a person looks at: the screens of the four levels at desktop and phone
 * width, taken here and only here. The behaviour journeys assert and never stop to capture; this spec
 * only reaches each screen (and the dialogs and steps worth seeing) and saves it under
 * e2e/screenshots/ (git-ignored). It signs in as people of its own wherever it changes anything, and
 * reads the demo data where it only looks.
 *
 * `npm run screenshots` runs it alone; `npm run test:e2e` runs it with the journeys, so a screen that
 * can no longer be reached fails the run instead of leaving an old picture behind.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAs, DEMO, DESKTOP, newCompany, newEmployee, newProvider, outboxLink, PHONE, previewImport, providerPortalShown, redeemByTitle, shoot, signIn, unique } from './support';

// Every screen at two widths on a shared 2-core machine: longer than a journey's two minutes.
test.describe.configure({ timeout: 300_000 });
// A step that cannot happen fails within half a minute, not at the test's end.
test.use({ actionTimeout: 30_000 });

/** Switches the theme from the header's button, or from the avatar menu where the header is compact. */
async function useTheme(page: Page, theme: 'oscuro' | 'claro') {
  const button = page.getByTestId('theme-toggle');
  if (await button.isVisible()) await button.click();
  else {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: `Usar tema ${theme}` }).click();
  }
}

/**
 * The company of this spec's own people where the demo's catalogue is not needed: Andes has a user
 * limit (25) that the journeys' newcomers already approach.
 */
let ownCompany: Awaited<ReturnType<typeof newCompany>> | null = null;
async function company() {
  ownCompany ??= await newCompany({ name: 'Capturas', maxUsers: 20 });
  return ownCompany;
}

/** Opens a screen from its address and captures it once its title is on screen. */
async function capture(page: Page, path: string, name: string, options?: Parameters<typeof shoot>[2]) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await shoot(page, name, options);
}

test('the screens before signing in', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await shoot(page, 'login');

  await page.goto('/register');
  await page.getByLabel('Nombre completo').fill('Rocío Lagos');
  await page.getByLabel('Correo electrónico').fill(`${unique('rocio')}@andes.cl`);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('abc');
  await page.getByLabel('Confirmar contraseña').fill('abc');
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();
  await shoot(page, 'register-errors');

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
  await shoot(page, 'forgot-password');

  // Where an ended session sends the person, keeping the way back.
  await page.goto('/login?volver=%2Flevel2%2Fusers');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await shoot(page, 'login-session-ended');
});

test('registration, the address confirmation and a new password', async ({ page }) => {
  const rocio = `${unique('rocio')}@${(await company()).domain}`;
  await page.goto('/register');
  await page.getByLabel('Nombre completo').fill('Rocío Lagos');
  await page.getByLabel('Correo electrónico').fill(rocio);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('clave123');
  await page.getByLabel('Confirmar contraseña').fill('clave123');
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page.getByTestId('register-success')).toBeVisible();
  await shoot(page, 'register-success');

  await signIn(page, rocio, 'clave123');
  await expect(page.getByRole('heading', { name: 'Confirma tu correo' })).toBeVisible();
  await shoot(page, 'verify-email-notice');

  await page.goto(await outboxLink(page, rocio));
  await expect(page.getByTestId('login-verified')).toBeVisible();
  await shoot(page, 'login-verified');

  const emilia = await newEmployee({ name: 'Emilia Olvido', of: await company() });
  await page.goto('/forgot-password');
  await page.getByLabel('Correo electrónico').fill(emilia.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible();
  await page.goto(await outboxLink(page, emilia.email));
  await expect(page.getByLabel('Nueva contraseña')).toBeVisible();
  await shoot(page, 'reset-password');
});

test('level 1: every screen, its forms and a dark one', async ({ page }) => {
  const lucas = await newEmployee({ name: 'Lucas Nivel', of: await company(), surveyDone: true });
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/level1\/dashboard$/);
  await capture(page, '/level1/dashboard', 'level1-dashboard', { laptop: true });

  await capture(page, '/level1/companies', 'level1-companies');
  await page.getByRole('button', { name: /^Editar / }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'level1-company-form', { phone: false });
  await page.keyboard.press('Escape');

  await capture(page, '/level1/benefits/jobby', 'level1-benefits', { laptop: true });
  await page.getByRole('button', { name: 'Nuevo beneficio' }).first().click();
  await expect(page.getByRole('dialog').getByLabel('Título')).toBeVisible();
  await shoot(page, 'level1-benefits-form', { phone: false });
  await page.keyboard.press('Escape');

  await capture(page, '/level1/providers', 'level1-providers');
  await page.getByRole('button', { name: /^Editar / }).first().click();
  await expect(page.getByRole('dialog', { name: 'Editar proveedor' })).toBeVisible();
  await shoot(page, 'level1-providers-edit', { phone: false });
  await page.keyboard.press('Escape');

  await capture(page, '/level1/benefits/requests', 'level1-requests');
  await capture(page, '/level1/tokens', 'level1-tokens');
  await capture(page, '/level1/users/list', 'level1-users-list');

  await capture(page, '/level1/users/assign-levels', 'level1-assign-levels');
  await page.getByRole('textbox', { name: 'Buscar por nombre, email o empresa' }).fill(lucas.email);
  const levels = page.getByRole('table', { name: 'Niveles de usuario' });
  await levels.getByLabel(`Nivel de ${lucas.email}`).click();
  await page.getByRole('option', { name: /2 · Recursos Humanos/ }).click();
  await expect(page.getByRole('dialog', { name: 'Cambiar nivel' })).toBeVisible();
  await shoot(page, 'level1-assign-levels-confirm');
  await page.getByRole('dialog', { name: 'Cambiar nivel' }).getByRole('button', { name: 'Cancelar' }).click();

  await capture(page, '/level1/achievements', 'level1-achievements-rules');
  await page.getByRole('tab', { name: 'Análisis Reciente' }).click();
  await shoot(page, 'level1-achievements-analysis');

  await capture(page, '/level1/surveys', 'level1-surveys');
  await page.getByRole('list', { name: 'Encuestas completadas' }).getByRole('button', { name: /^Ver respuestas de / }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'level1-survey-detail');
  await page.keyboard.press('Escape');

  await capture(page, '/level1/bot-management', 'level1-bot-management');

  await useTheme(page, 'oscuro');
  await capture(page, '/level1/dashboard', 'level1-dashboard-dark', { phone: false });
  await useTheme(page, 'claro');
});

test('level 2: every screen, its dialogs and a dark one', async ({ page }) => {
  await signIn(page, DEMO.hr);
  await expect(page).toHaveURL(/\/level2\/dashboard$/);
  await capture(page, '/level2/dashboard', 'level2-dashboard');

  await capture(page, '/level2/users', 'level2-users');
  await page.getByRole('button', { name: 'Agregar Usuario' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot(page, 'level2-users-add', { phone: false });
  await page.keyboard.press('Escape');

  await capture(page, '/level2/tokens', 'level2-tokens');
  // The first enabled button: a deactivated employee's (Tomás) is disabled, and which rows the first
  // page shows depends on what earlier journeys did.
  await page.getByRole('table', { name: 'Colaboradores y sus tokens' }).getByRole('button', { name: /Asignar tokens a/ }).and(page.locator(':enabled')).first().click();
  const single = page.getByRole('dialog', { name: 'Asignar tokens de empresa' });
  await single.getByLabel('Cantidad').fill('0');
  await single.getByRole('button', { name: 'Asignar' }).click();
  await expect(single.getByText('Por favor complete todos los campos requeridos')).toBeVisible();
  await shoot(page, 'level2-tokens-assign-refused');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Asignación masiva' }).click();
  const bulk = page.getByRole('dialog', { name: 'Asignación masiva de tokens' });
  await bulk.getByLabel(/^Seleccionar todos \(\d+\)$/).check();
  await bulk.getByLabel('Cantidad por usuario').fill('3');
  await shoot(page, 'level2-tokens-bulk', { phone: false });
  await page.keyboard.press('Escape');

  await capture(page, '/level2/benefits', 'level2-benefits');
  await page.getByRole('button', { name: 'Nuevo beneficio' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Nuevo beneficio interno' })).toBeVisible();
  await shoot(page, 'level2-benefits-form', { phone: false });
  await page.keyboard.press('Escape');

  await capture(page, '/level2/requests', 'level2-requests');

  await capture(page, '/level2/bot-messaging', 'level2-bot-config');
  await page.getByRole('tab', { name: 'Perfiles de Empleados' }).click();
  await expect(page.getByRole('table', { name: 'Perfiles de Empleados' })).toBeVisible();
  await shoot(page, 'level2-bot-profiles');
  await page.getByRole('tab', { name: /Análisis y Alertas/ }).click();
  await expect(page.getByRole('table', { name: 'Alertas' })).toBeVisible();
  await shoot(page, 'level2-bot-analytics');

  await useTheme(page, 'oscuro');
  await capture(page, '/level2/dashboard', 'level2-dashboard-dark', { phone: false });
  await useTheme(page, 'claro');
});

test('level 3: the dashboard, both catalogues, a code and the requests', async ({ page }) => {
  const camila = await newEmployee({ name: 'Camila Captura', surveyDone: { categories: ['comidas', 'experiencias', 'regalos'] }, flexible: 20, companyTokens: 12 });
  const api = await apiAs(camila.email, camila.password);
  expect((await redeemByTitle(api, 'company', 'Día libre de cumpleaños')).status).toBe('pending');
  await api.dispose();

  await signIn(page, camila.email, camila.password);
  await expect(page).toHaveURL(/\/level3\/dashboard$/);
  await capture(page, '/level3/dashboard', 'level3-employee-dashboard', { laptop: true });

  await capture(page, '/level3/benefits', 'level3-benefits-carousel');
  await page.getByTestId('view-toggle').click();
  await shoot(page, 'level3-benefits-grid');

  await capture(page, '/level3/company-benefits', 'level3-company-benefits');
  await page.getByRole('article', { name: 'Almuerzo con el equipo' }).getByRole('button', { name: /^Canjear por/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Canjear beneficio' });
  await shoot(page, 'level3-redeem-confirm', { phone: false });
  await dialog.getByRole('button', { name: 'Confirmar canje' }).click();
  await expect(dialog.getByTestId('redeem-code')).toHaveText(/^[A-Z0-9]{4} [A-Z0-9]{4}$/);
  await shoot(page, 'level3-redeem-code');
  await page.keyboard.press('Escape');

  await capture(page, '/level3/requests', 'level3-requests');
  await capture(page, '/profile', 'profile');

  // The header on a phone: the bell opened, then the side menu from the burger.
  await page.setViewportSize(PHONE);
  await page.goto('/level3/dashboard');
  await page.getByTestId('bell').click();
  await expect(page.getByText(/Marcar todas como leídas|No tienes notificaciones/)).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/level3-bell-open-phone.png', animations: 'disabled' });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.getByRole('link', { name: 'Mis solicitudes' })).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/level3-menu-phone.png', animations: 'disabled' });
});

test('the surveys, step by step', async ({ page }) => {
  const renata = await newEmployee({ name: 'Renata Encuesta', of: await company() });
  await signIn(page, renata.email, renata.password);
  await expect(page).toHaveURL(/\/level3\/survey$/);
  await expect(page.getByRole('button', { name: 'Comenzar' })).toBeVisible();
  await shoot(page, 'survey-a-1-welcome');
  await page.getByRole('button', { name: 'Comenzar' }).click();
  await expect(page.getByRole('heading', { name: '¿Qué recuerdo te identifica más?' })).toBeVisible();
  await shoot(page, 'survey-a-2-generational');
  await page.getByRole('button', { name: 'Omitir' }).click();
  for (const name of ['Comidas', 'Regalos', 'Descuentos']) await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await shoot(page, 'survey-a-3-categories');
  await page.getByRole('button', { name: 'Continuar (3/3)' }).click();
  await page.getByRole('radio', { name: 'Satisfecho', exact: true }).click();
  await shoot(page, 'survey-a-4-satisfaction');

  const matias = await newEmployee({ name: 'Matías Experimental', of: await company(), type: 'B' });
  await page.context().clearCookies();
  await signIn(page, matias.email, matias.password);
  await expect(page).toHaveURL(/\/level3\/survey-b$/);
  await expect(page.getByTestId('survey-b-counter')).toHaveText('1 / 5');
  await shoot(page, 'survey-b-1-intro');
  await page.getByRole('button', { name: 'Iniciar Experiencia' }).click();
  await page.getByRole('radio', { name: /Analítico/ }).click();
  await shoot(page, 'survey-b-2-matrix');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('survey-b-counter')).toHaveText('3 / 5');
  await shoot(page, 'survey-b-3-priorities');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('survey-b-counter')).toHaveText('4 / 5');
  await shoot(page, 'survey-b-4-lifestyle');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('survey-b-counter')).toHaveText('5 / 5');
  await shoot(page, 'survey-b-5-timeline');
});

test('level 4: the portal, a verified code and a dark one', async ({ page }) => {
  const provider = await newProvider({ name: 'Café Captura' });
  await signIn(page, provider.email, provider.password);
  await expect(page).toHaveURL(/\/level4$/);
  await expect(page.getByLabel('Código del token')).toBeVisible();
  await providerPortalShown(page);
  await shoot(page, 'level4-portal-home');

  await page.getByLabel('Código del token').fill('ZZ99ZZ99');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByTestId('verify-result').getByText('Token no encontrado')).toBeVisible();
  await shoot(page, 'level4-portal-invalid');

  // A code of this provider's own benefit, redeemed by an employee of this spec's own, verified here.
  await page.context().clearCookies();
  const buyer = await newEmployee({ name: 'Valentina Captura', of: await company(), surveyDone: true, flexible: 1 });
  const api = await apiAs(buyer.email, buyer.password);
  const { code } = await redeemByTitle(api, 'platform', '20% de descuento en delivery');
  await api.dispose();
  await signIn(page, DEMO.provider);
  await page.getByLabel('Código del token').fill(code!.code);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await page.getByRole('button', { name: 'Confirmar canje' }).click();
  await expect(page.getByText('¡Token Canjeado!')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/level4-portal-redeemed-desktop.png', animations: 'disabled' });
  await expect(page.getByTestId('verify-result').getByText('Token Válido')).toBeVisible({ timeout: 10_000 });
  await shoot(page, 'level4-portal-valid');

  // The demo provider's portal, with its history and pending requests (read only).
  await page.context().clearCookies();
  await signIn(page, DEMO.otherProvider);
  await expect(page.getByRole('list', { name: 'Solicitudes pendientes' })).toBeVisible();
  await providerPortalShown(page);
  await shoot(page, 'level4-portal-requests');
  await useTheme(page, 'oscuro');
  await shoot(page, 'level4-portal-dark');
  await useTheme(page, 'claro');
});

test('decision 362: a typed code shown before it is used, at the counter and at HR; a used one says when', async ({ page }) => {
  // Two codes of Café Central's coupon, redeemed by an employee of this spec's own.
  const buyer = await newEmployee({ name: 'Valentina Captura', of: await company(), surveyDone: true, flexible: 2 });
  const buyerApi = await apiAs(buyer.email, buyer.password);
  const codes = [(await redeemByTitle(buyerApi, 'platform', '20% de descuento en delivery')).code!.code, (await redeemByTitle(buyerApi, 'platform', '20% de descuento en delivery')).code!.code];
  await buyerApi.dispose();
  await signIn(page, DEMO.provider);
  await expect(page.getByRole('heading', { name: 'Verificar Token' })).toBeVisible();
  await providerPortalShown(page);
  const typeAndVerify = async (code: string) => {
    await page.getByLabel('Código del token').fill(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
  };
  await typeAndVerify(codes[0]);
  await expect(page.getByTestId('code-preview')).toBeVisible();
  await shoot(page, 'counter-typed-preview');
  await page.getByRole('button', { name: 'Confirmar canje' }).click();
  await expect(page.getByTestId('token-redeemed-what')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/counter-redeemed-desktop.png', animations: 'disabled' });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.setViewportSize(PHONE);
  await typeAndVerify(codes[1]);
  await page.getByRole('button', { name: 'Confirmar canje' }).click();
  await expect(page.getByTestId('token-redeemed-what')).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/counter-redeemed-phone.png', animations: 'disabled' });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.setViewportSize(DESKTOP);
  await typeAndVerify(codes[0]);
  await expect(page.getByText(/^Lo canjeaste el/)).toBeVisible();
  await shoot(page, 'counter-typed-used');

  // HR of this spec's company: a benefit of its own that names no provider, typed on 'Solicitudes'.
  const own = await company();
  const hrApi = await apiAs(own.hr, own.hrPassword);
  const title = unique('Almuerzo de equipo');
  expect((await hrApi.post('/api/company-benefits', { data: { title, description: 'Un almuerzo', tokenCost: 1, availableTokens: 5, limitPerUser: 5, requiresApproval: false } })).status()).toBe(200);
  await hrApi.dispose();
  const colleague = await newEmployee({ name: 'Camila Captura', of: own, surveyDone: true, companyTokens: 1 });
  const colleagueApi = await apiAs(colleague.email, colleague.password);
  const internal = (await redeemByTitle(colleagueApi, 'company', title)).code!.code;
  await colleagueApi.dispose();
  await page.context().clearCookies();
  await signIn(page, own.hr, own.hrPassword);
  await expect(page).toHaveURL(/\/level2\/dashboard$/);
  await page.goto('/level2/requests');
  await page.getByLabel('Código del token').fill(internal);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByTestId('code-preview')).toBeVisible();
  await shoot(page, 'hr-typed-preview');
  await page.getByRole('button', { name: 'Confirmar canje' }).click();
  await expect(page.getByTestId('verify-result').getByText('Token Válido')).toBeVisible();
  await shoot(page, 'hr-typed-valid');
});

test('a resolved notification, the wallet and the rule editor with its count', async ({ page }) => {
  // HR of a company of this test's own: an employee asks for a benefit that needs approval, HR approves.
  const own = await newCompany({ name: 'Capturas campana' });
  const hrApi = await apiAs(own.hr, own.hrPassword);
  const title = unique('Tarde libre');
  expect((await hrApi.post('/api/company-benefits', { data: { title, description: 'Una tarde', tokenCost: 1, availableTokens: 5, limitPerUser: 5, requiresApproval: true } })).status()).toBe(200);
  const asker = await newEmployee({ name: 'Julia Captura', of: own, surveyDone: true, companyTokens: 4, flexible: 6 });
  const askerApi = await apiAs(asker.email, asker.password);
  const { requestId } = (await (await askerApi.post('/api/redemptions', { data: { kind: 'company', benefitId: ((await (await askerApi.get('/api/catalogue')).json()) as { company: { id: string; title: string }[] }).company.find((b) => b.title === title)!.id }, headers: { 'Idempotency-Key': crypto.randomUUID() } })).json()) as { requestId: string };
  await askerApi.dispose();
  await signIn(page, own.hr, own.hrPassword);
  await expect(page).toHaveURL(/\/level2\/dashboard$/);
  await expect(page.getByTestId('bell')).toHaveAccessibleName('Notificaciones (1 sin leer)');
  expect((await hrApi.post(`/api/requests/${requestId}/approve`, { data: {} })).status()).toBe(200);
  await hrApi.dispose();
  await expect(page.getByTestId('bell')).toHaveAccessibleName('Notificaciones');
  await page.getByTestId('bell').click();
  await expect(page.getByTestId('notification-resolved').first()).toBeVisible();
  await page.screenshot({ path: 'e2e/screenshots/level2-bell-resolved-desktop.png', animations: 'disabled' });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: 'e2e/screenshots/level2-bell-resolved-phone.png', animations: 'disabled' });
  await page.keyboard.press('Escape');

  // The employee's wallet: her flexible and company movements (the request above spent one).
  await page.context().clearCookies();
  await signIn(page, asker.email, asker.password);
  await expect(page).toHaveURL(/\/level3\/dashboard$/);
  await capture(page, '/level3/wallet?saldo=flexibles', 'level3-wallet-flexibles');
  await capture(page, '/level3/wallet?saldo=empresa', 'level3-wallet-company');
  await useTheme(page, 'oscuro');
  await capture(page, '/level3/wallet?saldo=empresa', 'level3-wallet-dark', { phone: false });
  await useTheme(page, 'claro');

  // Level 1's rule editor on an inactive rule of its own, with 'Hoy la cumplirían'.
  await page.context().clearCookies();
  const admin = await apiAs(DEMO.admin);
  const name = unique('Regla captura');
  // Never active with an attainable condition: unattainable until switched off, then one code.
  const rule = (await (await admin.post('/api/achievement-rules', { data: { name, description: 'Para la captura', conditionType: 'tokens_used_count', conditionValue: 100000 } })).json()) as { id: string };
  expect((await admin.post(`/api/achievement-rules/${rule.id}/status`, { data: { status: 'inactive' } })).status()).toBe(200);
  expect((await admin.put(`/api/achievement-rules/${rule.id}`, { data: { name, description: 'Para la captura', conditionType: 'tokens_used_count', conditionValue: 1 } })).status()).toBe(200);
  await admin.dispose();
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/level1\/dashboard$/);
  await capture(page, '/level1/achievements', 'level1-achievements-with-edit', { phone: false });
  await page.getByRole('button', { name: `Editar ${name}` }).click();
  await expect(page.getByTestId('rule-qualifying')).toContainText('Hoy la cumplirían');
  await shoot(page, 'level1-achievement-edit');
});

test.describe('integrations, webhooks', () => {
  test('the integrations page with endpoints, the form, the secret and the delivery log', async ({ page }) => {
    const { startReceiver } = await import('../test/api/webhooks/receiver');
    const receiver = await startReceiver();
    try {
      const own = await newCompany({ name: 'Capturas ganchos' });
      const hrApi = await apiAs(own.hr, own.hrPassword);
      const created = async (url: string, description: string, events: string[]) =>
        (await (await hrApi.post('/api/webhooks/endpoints', { data: { url, description, events } })).json()) as { id: string };
      const payroll = await created(`${receiver.url}/nomina`, 'Nómina Buk', ['employee.created', 'tokens.assigned', 'allowance.granted']);
      const crm = await created(`${receiver.url}/crm`, 'Panel interno', ['request.created', 'request.approved', 'request.rejected', 'code.used']);
      expect((await hrApi.post(`/api/webhooks/endpoints/${crm.id}/status`, { data: { status: 'inactive' } })).status()).toBe(200);
      // One delivered test event and one the receiver refuses (logged with its 500 and next try).
      const delivered = receiver.next('webhook.test', 30_000);
      await hrApi.post(`/api/webhooks/endpoints/${payroll.id}/test`);
      await delivered;
      // Refused on every try while the screens are captured (a retry comes 30 s later).
      receiver.answer(...Array(10).fill(500));
      const refused = receiver.next('webhook.test', 30_000);
      await hrApi.post(`/api/webhooks/endpoints/${payroll.id}/test`);
      await refused;
      await hrApi.dispose();

      await signIn(page, own.hr, own.hrPassword);
      await expect(page).toHaveURL(/\/level2\/dashboard$/);
      await capture(page, '/level2/integrations', 'level2-integrations');

      await page.getByRole('button', { name: 'Nuevo endpoint' }).click();
      await expect(page.getByRole('dialog', { name: 'Nuevo endpoint' })).toBeVisible();
      await shoot(page, 'level2-webhook-form');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Secreto de Nómina Buk' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Secreto de firma' }).getByText(/^whsec_/)).toBeVisible();
      await shoot(page, 'level2-webhook-secret');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Registro de entregas de Nómina Buk' }).first().click();
      const log = page.getByRole('dialog', { name: 'Registro de entregas' });
      await expect(log.getByText('Entregado').first()).toBeVisible({ timeout: 30_000 });
      await expect(log.getByText('Pendiente').first()).toBeVisible({ timeout: 30_000 });
      await shoot(page, 'level2-webhook-log');
      await page.keyboard.press('Escape');

      await page.context().clearCookies();
      await signIn(page, DEMO.admin);
      await expect(page).toHaveURL(/\/level1\/dashboard$/);
      await capture(page, '/level1/integrations', 'level1-integrations');
    } finally {
      await receiver.close();
    }
  });
});

test.describe('the provider history, level 1 exports, the catalogue finders', () => {
  test('the provider portal with a pending request and a searched history; the catalogue finders and a benefit detail', async ({ page }) => {
    // A provider of its own with one automatic and one managed benefit: two codes redeemed, one request waiting.
    const provider = await newProvider({ name: 'Termas Captura' });
    const tag = unique('Termas');
    const admin = await apiAs(DEMO.admin);
    for (const [title, type, tokenCost] of [
      [`${tag} Baño termal`, 'automatic', 2],
      [`${tag} Masaje`, 'managed', 3],
      [`${tag} Fin de semana`, 'automatic', 12],
    ] as const) {
      const res = await admin.post('/api/platform-benefits', {
        data: { title, type, tokenCost, stock: 0, limitPerUser: 0, providerUserId: provider.id, category: 'bienestar', description: 'Piscinas termales al aire libre.\nVálido de lunes a viernes, con reserva.' },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
    await admin.dispose();
    const buyer = await newEmployee({ name: 'Rocío Captura', of: await company(), surveyDone: true, flexible: 10 });
    const buyerApi = await apiAs(buyer.email, buyer.password);
    const providerApi = await apiAs(provider.email, provider.password);
    for (let i = 0; i < 2; i += 1) {
      const { code } = await redeemByTitle(buyerApi, 'platform', `${tag} Baño termal`);
      expect((await providerApi.post('/api/codes/verify', { data: { code: code!.code }, headers: { 'Idempotency-Key': crypto.randomUUID() } })).ok()).toBeTruthy();
    }
    await redeemByTitle(buyerApi, 'platform', `${tag} Masaje`);
    await providerApi.dispose();

    await signIn(page, provider.email, provider.password);
    await expect(page).toHaveURL(/\/level4$/);
    await expect(page.getByRole('table', { name: 'Historial de tokens procesados' }).getByRole('row')).toHaveCount(3);
    await providerPortalShown(page);
    await shoot(page, 'level4-portal-history-filters');
    await page.getByRole('textbox', { name: 'Buscar por código, beneficio o usuario' }).fill('Rocío');
    await page.getByLabel('Fechas', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Mes anterior' })).toBeVisible();
    await page.screenshot({ path: 'e2e/screenshots/level4-portal-date-picker-desktop.png', animations: 'disabled' });
    await page.keyboard.press('Escape');

    // Level 1's lists with their export buttons.
    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await capture(page, '/level1/providers', 'level1-providers-export', { phone: false });

    // The employee's catalogue: the finders, a search with 'Me alcanza', and a benefit's detail.
    await page.context().clearCookies();
    await signIn(page, buyer.email, buyer.password);
    await expect(page).toHaveURL(/\/level3\/dashboard$/);
    await page.goto('/level3/benefits');
    await expect(page.getByTestId('catalogue-finders')).toBeVisible();
    await page.getByRole('textbox', { name: 'Buscar beneficios por nombre' }).fill(tag);
    await page.getByRole('switch', { name: 'Me alcanza' }).check();
    await expect(page.getByTestId('carousel-current')).toHaveAttribute('aria-label', /de 2:/);
    await page.setViewportSize({ width: 1366, height: 850 });
    await page.screenshot({ path: 'e2e/screenshots/level3-catalogue-finders-desktop.png', fullPage: true, animations: 'disabled' });
    await page.getByTestId('view-toggle').click();
    await page.getByRole('button', { name: `Ver detalle de ${tag} Baño termal` }).click();
    await expect(page.getByTestId('benefit-detail')).toBeVisible();
    await shoot(page, 'level3-benefit-detail');
    await page.keyboard.press('Escape');
    await page.setViewportSize(PHONE);
    await page.goto('/level3/company-benefits');
    await expect(page.getByTestId('catalogue-finders')).toBeVisible();
    await page.screenshot({ path: 'e2e/screenshots/level3-company-catalogue-finders-phone.png', fullPage: true, animations: 'disabled' });
  });
});

test.describe('importing employees and invitations', () => {
  test('the import preview and the users list with pending invitations', async ({ page }) => {
    const own = await newCompany({ name: 'Capturas Importación', maxUsers: 10 });
    const rows = [
      ...Array.from({ length: 9 }, (_, i) => `Persona Importada ${i + 1};persona${i + 1}@${own.domain};;${i % 2 ? 'B' : 'A'}`),
      `Fuera de Dominio;alguien@otro-dominio.cl;;A`,
      `Repetida;persona2@${own.domain};;A`,
      `Tipo Raro;tipo.raro@${own.domain};;C`,
      `Sin Cupo Uno;sincupo1@${own.domain};;A`,
      `Sin Cupo Dos;sincupo2@${own.domain};;A`,
    ];
    const dialog = await previewImport(page, own, rows);
    await expect(dialog.getByTestId('import-invalid')).toHaveText('5');
    await shoot(page, 'level2-users-import-preview');
    await dialog.getByRole('button', { name: /^Importar \d+ usuarios$/ }).click();
    await expect(page.getByText(/^Importación completa/)).toBeVisible();
    await expect(page.getByText('Invitación pendiente').first()).toBeVisible();
    await shoot(page, 'level2-users-pending-invitations');
  });
});

test.describe('the bot checks in and its requests are answered', () => {
  test("level 1's queue of bot requests, HR's configuration (approved and pending), profiles with check-ins", async ({ page }) => {
    // Level 1 only looks at the demo's pending request (Austral's) and opens the reject dialog without sending it.
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await capture(page, '/level1/bot-management', 'level1-bot-requests');
    await page.getByRole('button', { name: 'Rechazar la solicitud de Austral' }).click();
    const reject = page.getByRole('dialog', { name: 'Rechazar la configuración' });
    await reject.getByRole('button', { name: 'Rechazar' }).click();
    await expect(reject.getByText('Indica el motivo del rechazo')).toBeVisible();
    await shoot(page, 'level1-bot-request-reject', { phone: false });
    await page.keyboard.press('Escape');

    await page.context().clearCookies();
    await signIn(page, DEMO.hr);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await capture(page, '/level2/bot-messaging', 'level2-bot-config-approved');
    await page.getByRole('tab', { name: 'Perfiles de Empleados' }).click();
    await expect(page.getByRole('table', { name: 'Perfiles de Empleados' })).toContainText('Respondido');
    await shoot(page, 'level2-bot-profiles-checkins');
    await page.getByRole('button', { name: 'Ver conversaciones de Valentina Muñoz' }).click();
    await expect(page.getByRole('dialog').getByText('Check-ins del bot')).toBeVisible();
    await shoot(page, 'level2-bot-conversation-checkins');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /Análisis y Alertas/ }).click();
    await expect(page.getByRole('table', { name: 'Alertas' })).toBeVisible();
    await shoot(page, 'level2-bot-alerts-score-note', { phone: false });

    await page.context().clearCookies();
    await signIn(page, 'admin@austral.cl');
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await capture(page, '/level2/bot-messaging', 'level2-bot-config-pending');
  });
});

test.describe('codes without signal, and where to use them', () => {
  // The service worker is what opens the app offline (the other screenshots block it).
  test.use({ serviceWorkers: 'allow' });

  /** Opens `path` with no connection at phone width and captures it once the offline notice is on screen. */
  async function offlineShot(page: Page, path: string, name: string) {
    await page.context().setOffline(true);
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await expect(page.getByTestId('offline-notice')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Código QR de / }).first()).toBeVisible();
    await page.screenshot({ path: `e2e/screenshots/${name}-phone.png`, fullPage: true, animations: 'disabled' });
    await page.context().setOffline(false);
  }

  test("the offline dashboard and 'Mis solicitudes' (light and dark), and level 1's provider form with the address", async ({ page }) => {
    const person = await newEmployee({ name: 'Tomás Sin Señal', of: await company(), surveyDone: true, flexible: 5 });
    const api = await apiAs(person.email, person.password);
    const catalogue = (await (await api.get('/api/catalogue')).json()) as { platform: { title: string; canRedeem: boolean; type: string }[] };
    const automatic = catalogue.platform.find((b) => b.canRedeem && b.type === 'automatic');
    expect(automatic, 'an automatic benefit within 5 tokens').toBeTruthy();
    await redeemByTitle(api, 'platform', automatic!.title);
    await api.dispose();

    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/level3\/dashboard$/);
    await expect(page.getByTestId('active-code').first()).toBeVisible();
    await page.goto('/level3/requests');
    await expect(page.getByTestId('request-row').first()).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await offlineShot(page, '/level3/dashboard', 'level3-offline-dashboard-light');
    await offlineShot(page, '/level3/requests', 'level3-offline-requests-light');

    await page.goto('/level3/dashboard');
    await useTheme(page, 'oscuro');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // Read again once online, so the kept copy has the dark theme too.
    await page.goto('/level3/requests');
    await expect(page.getByTestId('request-row').first()).toBeVisible();
    await offlineShot(page, '/level3/dashboard', 'level3-offline-dashboard-dark');
    await offlineShot(page, '/level3/requests', 'level3-offline-requests-dark');
    await page.goto('/level3/dashboard');
    await useTheme(page, 'claro');

    // Level 1 gives a provider of its own an address and instructions.
    const provider = await newProvider({ name: 'Café Captura' });
    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await page.setViewportSize(DESKTOP);
    await page.goto('/level1/providers');
    await page.getByPlaceholder('Buscar por nombre, email o categoría').fill(provider.name);
    await page.getByRole('button', { name: `Editar ${provider.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar proveedor' });
    await dialog.getByLabel('Dirección').fill('Av. Providencia 1234, Providencia');
    await dialog.getByLabel('Instrucciones para canjear').fill('Muestra tu código en caja antes de pagar.');
    await page.screenshot({ path: 'e2e/screenshots/level1-provider-place-desktop.png', animations: 'disabled' });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: 'e2e/screenshots/level1-provider-place-phone.png', animations: 'disabled' });
  });
});

test.describe('integrations: API keys (decision 220)', () => {
  test('the keys section empty, listed, the creation form and the one-time secret', async ({ page }) => {
    const own = await newCompany({ name: 'Capturas claves' });
    await signIn(page, own.hr, own.hrPassword);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await capture(page, '/level2/integrations', 'level2-integrations-empty');

    const hr = await apiAs(own.hr, own.hrPassword);
    for (const [name, scopes] of [['Talana', ['users:read', 'requests:read']], ['Planilla de turnos', ['tokens:read']]] as const) {
      expect((await hr.post('/api/api-keys', { data: { name, scopes } })).status()).toBe(200);
    }
    const revoked = (await (await hr.post('/api/api-keys', { data: { name: 'Sistema antiguo', scopes: ['users:read'] } })).json()) as { key: { id: string } };
    expect((await hr.post(`/api/api-keys/${revoked.key.id}/revoke`)).status()).toBe(200);
    await hr.dispose();

    await page.getByRole('button', { name: 'Crear clave' }).click();
    const form = page.getByRole('dialog', { name: 'Crear clave de API' });
    await form.getByLabel('Nombre').fill('Nómina Buk');
    await form.getByRole('checkbox', { name: /Crear y editar colaboradores/ }).check();
    await form.getByRole('checkbox', { name: /Asignar tokens/ }).check();
    await shoot(page, 'level2-integrations-create-key');
    await form.getByRole('button', { name: 'Crear clave' }).click();
    await expect(page.getByRole('dialog', { name: 'Tu nueva clave de API' })).toBeVisible();
    await shoot(page, 'level2-integrations-secret');
    await page.getByRole('button', { name: 'Ya la guardé' }).click();
    await capture(page, '/level2/integrations', 'level2-integrations-keys');

    await page.context().clearCookies();
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await capture(page, '/level1/integrations', 'level1-integrations', { phone: false });
// Decisions 260–268 (careful-a): the screens this pass touched, at 1366 and 390 px.
  });
});

test.describe('careful forms and look', () => {
  test('level 1 dashboard, the platform benefit form, HR with its date fields, the phone carousel', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await capture(page, '/level1/dashboard', 'careful-level1-dashboard');
    await capture(page, '/level1/benefits/jobby', 'careful-level1-platform-benefits', { phone: false });
    await page.getByRole('button', { name: 'Nuevo beneficio' }).first().click();
    await page.getByRole('dialog', { name: 'Nuevo beneficio' }).getByRole('button', { name: 'Crear beneficio' }).click();
    await shoot(page, 'careful-level1-benefit-form-errors');
    await page.keyboard.press('Escape');
    await useTheme(page, 'oscuro');
    await capture(page, '/level1/tokens', 'careful-level1-tokens-dark', { phone: false });
    await useTheme(page, 'claro');
    await page.context().clearCookies();

    const own = await company();
    await signIn(page, own.hr, own.hrPassword);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await capture(page, '/level2/benefits', 'careful-level2-benefits');
    await page.getByRole('button', { name: 'Nuevo beneficio' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nuevo beneficio interno' });
    await form.getByLabel('Fecha de inicio').click();
    await expect(page.getByRole('button', { name: 'Mes siguiente' })).toBeVisible();
    await shoot(page, 'careful-level2-benefit-date');
    await page.keyboard.press('Escape');
    await useTheme(page, 'oscuro');
    await capture(page, '/level2/benefits', 'careful-level2-benefits-dark', { phone: false });
    await useTheme(page, 'claro');
    await page.context().clearCookies();

    const employee = await newEmployee({ name: 'Marta Captura', of: 'andes', surveyDone: true, flexible: 5 });
    await signIn(page, employee.email, employee.password);
    await expect(page).toHaveURL(/\/level3\/dashboard$/);
    await capture(page, '/level3/benefits', 'careful-level3-benefits');
  });
});
