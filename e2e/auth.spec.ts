import { expect, test } from '@playwright/test';
import { DEMO, newEmployee, outboxLink, signIn, signOut, unique } from './support';

test.describe('sign-in, guard and layout', () => {
  test('the login page shows the form, the tagline and the promo carousel', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Tu plataforma de beneficios laborales').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    const firstSlide = await page.getByTestId('promo-slide-active').textContent();
    await page.getByRole('button', { name: /Ver diapositiva 3/ }).click();
    await expect(page.getByTestId('promo-slide-active')).not.toHaveText(firstSlide ?? '');
  });

  test('a wrong password shows the spec message', async ({ page }) => {
    await signIn(page, DEMO.employee, 'incorrecta');
    await expect(page.getByTestId('login-error')).toHaveText('Credenciales incorrectas. Verifica tu correo y contraseña.');
  });

  test('a disabled account cannot sign in', async ({ page }) => {
    await signIn(page, DEMO.disabled);
    await expect(page.getByTestId('login-error')).toHaveText('Esta cuenta ha sido deshabilitada.');
  });

  for (const [who, email, url, heading] of [
    ['platform admin', DEMO.admin, /\/level1\/dashboard$/, 'Panel de la plataforma'],
    ['HR admin', DEMO.hr, /\/level2\/dashboard$/, 'Panel de Recursos Humanos'],
    ['employee', DEMO.employee, /\/level3\/dashboard$/, '¡Hola, Camila!'],
    ['provider', DEMO.provider, /\/level4$/, 'Verificar Token'],
  ] as const) {
    test(`the ${who} lands on their dashboard`, async ({ page }) => {
      await signIn(page, email);
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    });
  }

  test('an employee with the survey pending is kept on the survey', async ({ page }) => {
    await signIn(page, DEMO.employeeSurveyPending);
    await expect(page).toHaveURL(/\/level3\/survey$/);
    await page.goto('/level3/company-benefits');
    await expect(page).toHaveURL(/\/level3\/survey$/);
  });

  test('an employee typing a level 1 URL is sent to their own dashboard', async ({ page }) => {
    await signIn(page, DEMO.employee);
    await expect(page).toHaveURL(/\/level3\/dashboard$/);
    await page.goto('/level1/companies');
    await expect(page).toHaveURL(/\/level3\/dashboard$/);
  });

  test('an unknown URL ends on /login', async ({ page }) => {
    await page.goto('/no-existe/para-nada');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the employee header shows both real balances', async ({ page }) => {
    await signIn(page, DEMO.employee);
    await expect(page.getByTestId('balance-flexibles')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('balance-empresa')).toHaveText(/^\d+$/);
  });

  test('the theme toggle survives a reload, and sign-out resets it and returns to /login', async ({ page }) => {
    await signIn(page, DEMO.hr);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByTestId('theme-toggle').click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await signOut(page);
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.goto('/level2/dashboard');
    await expect(page).toHaveURL(/\/login\?volver=%2Flevel2%2Fdashboard$/);
  });

  test('the phone layout opens the side menu from the burger', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.getByRole('link', { name: 'Gestión del bot' })).toBeVisible();
  });
});

test.describe('registration, verification and password reset', () => {
  test('registers, confirms the address from the mail, then signs in into its company', async ({ page }) => {
    const rocio = `${unique('rocio')}@andes.cl`;
    await page.goto('/register');
    await page.getByLabel('Nombre completo').fill('Rocío Lagos');
    await page.getByLabel('Correo electrónico').fill(rocio);
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('abcdef');
    await page.getByLabel('Confirmar contraseña').fill('abcdeg');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();

    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('abc');
    await page.getByLabel('Confirmar contraseña').fill('abc');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();

    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('clave123');
    await page.getByLabel('Confirmar contraseña').fill('clave123');
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await expect(page.getByTestId('register-success')).toHaveText(
      'Usuario registrado correctamente. Te enviamos un correo para confirmar tu dirección: ábrelo y luego inicia sesión.',
    );
    await expect(page.getByLabel('Nombre completo')).toHaveValue('');

    // Signing in before confirming shows the notice, which can send the mail again.
    await signIn(page, rocio, 'clave123');
    await expect(page.getByRole('heading', { name: 'Confirma tu correo' })).toBeVisible();
    await page.getByRole('button', { name: 'Reenviar correo' }).click();
    await expect(page.getByText('Te enviamos un nuevo correo de confirmación.')).toBeVisible();

    const link = await outboxLink(page, rocio);
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?verificado=1$/);
    await expect(page.getByTestId('login-verified')).toHaveText('Tu correo fue confirmado. Ya puedes iniciar sesión.');
    await page.getByLabel('Correo electrónico').fill(rocio);
    await page.getByLabel('Contraseña').fill('clave123');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/level3\/survey$/);
    const me = await (await page.request.get('/api/me')).json();
    expect(me).toMatchObject({ level: 3, companyName: 'Andes' });
  });

  test('forgot password: the same answer for any address, then the link sets a new password', async ({ page }) => {
    const emilia = await newEmployee({ name: 'Emilia Olvido' });
    await page.goto('/login');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The page is loaded lazily: until its heading shows, the login form (same field label) is still there.
    await expect(page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(emilia.email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    const sent = 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada.';
    await expect(page.getByTestId('forgot-sent')).toHaveText(sent);

    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill('nadie@austral.cl');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByTestId('forgot-sent')).toHaveText(sent);

    const link = await outboxLink(page, emilia.email);
    await page.goto(link);
    await page.getByLabel('Nueva contraseña').fill('nueva-clave');
    await page.getByLabel('Confirmar contraseña').fill('nueva-clave');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByTestId('reset-done')).toHaveText('Tu contraseña fue actualizada. Ahora puedes iniciar sesión.');

    await signIn(page, emilia.email, emilia.password);
    await expect(page.getByTestId('login-error')).toHaveText('Credenciales incorrectas. Verifica tu correo y contraseña.');
    await signIn(page, emilia.email, 'nueva-clave');
    await expect(page).toHaveURL(/\/level3\/(dashboard|survey)$/);
  });
});
