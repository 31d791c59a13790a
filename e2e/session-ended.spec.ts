import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, layoutSettled, signIn } from './support';

/** Signs in on the /login the app sent the person to (keeping its return path). */
async function signInHere(page: Page, email: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

test.describe('an ended session', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a query answered 401 sends the person to /login, and signing in returns them to the screen they were on', async ({ page }) => {
    const settled = layoutSettled(page);
    await signIn(page, DEMO.hr);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Panel de Recursos Humanos', level: 1 })).toBeVisible({ timeout: 30_000 });
    await settled;

    // The session ends elsewhere; the next screen's query is answered 401.
    await page.context().clearCookies();
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Usuarios' }).click();
    await expect(page).toHaveURL(/\/login\?volver=%2Flevel2%2Fusers$/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();

    await signInHere(page, DEMO.hr);
    await expect(page).toHaveURL(/\/level2\/users$/);
    await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();
  });

  test('a mutation answered 401 does the same', async ({ page }) => {
    await signIn(page, DEMO.hr);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    const settled = layoutSettled(page);
    await page.goto('/level2/tokens');
    await expect(page.getByRole('heading', { name: 'Tokens de la empresa', level: 1 })).toBeVisible({ timeout: 30_000 });
    await settled;
    await page.getByPlaceholder('Buscar por nombre o email').fill('camila');
    await page.getByRole('table', { name: 'Colaboradores y sus tokens' }).getByRole('row', { name: /camila@andes\.cl/ }).getByRole('button', { name: /Asignar tokens a/ }).click();
    const single = page.getByRole('dialog', { name: 'Asignar tokens de empresa' });
    await expect(single.getByLabel('Cantidad')).toHaveValue('10');

    await single.getByRole('button', { name: 'Asignar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar asignación' });
    await expect(confirm).toBeVisible();
    await page.context().clearCookies();
    await confirm.getByRole('button', { name: 'Asignar' }).click();
    await expect(page).toHaveURL(/\/login\?volver=%2Flevel2%2Ftokens$/);
    await signInHere(page, DEMO.hr);
    await expect(page).toHaveURL(/\/level2\/tokens$/);
  });

  test('the return path is only a path of this site', async ({ page }) => {
    for (const target of ['https://evil.example/x', '//evil.example/x', '/\\evil.example/x']) {
      // Off the previous round's dashboard first: once its cookie is gone it sends itself to /login on
      // its own, which raced (and interrupted) this round's navigation.
      await page.goto('about:blank');
      await page.context().clearCookies();
      await page.goto(`/login?volver=${encodeURIComponent(target)}`);
      await signInHere(page, DEMO.employee);
      await expect(page).toHaveURL(/localhost:\d+\/level3\/dashboard$/);
    }
  });

  test('a screen opened while signed out returns there after signing in; a signed-in person opening /register or /login goes to their dashboard (decision 176)', async ({ page }) => {
    await page.goto('/level2/users?buscar=ana');
    await expect(page).toHaveURL(/\/login\?volver=%2Flevel2%2Fusers%3Fbuscar%3Dana$/);
    await signInHere(page, DEMO.hr);
    await expect(page).toHaveURL(/\/level2\/users\?buscar=ana$/);
    await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();

    for (const path of ['/register', '/login']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/level2\/dashboard$/);
    }
  });
});
