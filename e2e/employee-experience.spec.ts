/**
 * The employee's own screens: the dashboard, the immersive carousel of /level3/benefits with
 * its keys, filters, grid and redemption, the phone's full-screen stage with a real touch swipe, and
 * the token diagnostic page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { BENEFIT_CATEGORIES } from '../src/domain/constants';
import { DESKTOP, newEmployee, PHONE, signIn } from './support';

/**
 * An Austral employee of the test's own, survey A done with three categories, 14
 * flexible tokens and 9 company tokens.
 */
async function newAntonia() {
  const person = await newEmployee({ name: 'Antonia Reyes', of: 'austral', surveyDone: { categories: ['comidas', 'experiencias', 'mascotas'] }, flexible: 14, companyTokens: 9 });
  return { ...person, firstName: 'Antonia', company: 'Austral' };
}

/** The carousel's 'n de N' as numbers. */
async function position(page: Page): Promise<{ n: number; total: number }> {
  const counter = page.getByTestId('carousel-counter');
  await expect(counter).toHaveText(/^\d+ de \d+$/);
  const [n, total] = ((await counter.textContent()) ?? '').split(' de ').map(Number);
  return { n, total };
}

/**
 * WCAG A/AA violations that are serious or critical, with where they are (as accessibility.spec.ts counts
 * them). Badges are left out: the contrast of 'Aprobada' and 'Destacado' is a separate contrast fix.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).exclude('.mantine-Badge-root').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function flexibleBalance(page: Page): Promise<number> {
  const balance = page.getByTestId('balance-flexibles');
  await expect(balance).toHaveText(/^\d+$/);
  return Number(await balance.textContent());
}

test.describe('employee experience', () => {
  test('dashboard and carousel (keys, grid, filters, redemption)', async ({ page }) => {
    // One journey through two screens: longer than the default minute on a busy CI machine.
    test.setTimeout(300_000);
    const EMPLOYEE = await newAntonia();
    await signIn(page, EMPLOYEE.email, EMPLOYEE.password);
    await expect(page).toHaveURL(/\/level3\/dashboard$/);

    // Dashboard: greeting, company, three recommendations that follow her survey's categories.
    // The first screen after sign-in: on a loaded CI machine its one call can take longer than the default 10 s.
    await expect(page.getByRole('heading', { name: `¡Hola, ${EMPLOYEE.firstName}!`, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('dashboard-company')).toHaveText(EMPLOYEE.company);
    const recommendations = page.getByTestId('recommendations').getByTestId('benefit-card');
    await expect(recommendations).toHaveCount(3);
    const categories = await recommendations.locator('.mantine-Badge-root').allTextContents();
    // Her answers were given when she was created: read them, then expect one recommendation per chosen category.
    const mine = (await (await page.request.get('/api/surveys/a/mine')).json()) as { answers: { categories: string[] } | null };
    const chosen = (mine.answers?.categories ?? []).map((id) => BENEFIT_CATEGORIES.find((c) => c.id === id)?.name);
    expect(chosen.length).toBeGreaterThan(0);
    for (const category of chosen) expect(categories).toContain(category);
    await expect(page.getByText('Los tokens de meses anteriores se acumulan', { exact: false })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The hero leads to the carousel.
    await page.getByRole('link', { name: 'Explorar beneficios' }).click();
    await expect(page).toHaveURL(/\/level3\/benefits$/);
    const stage = page.getByTestId('benefits-stage');
    await expect(stage).toBeVisible();
    await expect(page.getByRole('button', { name: /mapa/i })).toHaveCount(0);
    // Only the centre card and two neighbours on each side are in the page.
    expect(await stage.getByTestId('benefit-card').count()).toBeLessThanOrEqual(5);

    // ArrowRight moves to the next benefit (focus on the stage pauses the auto-advance).
    await stage.focus();
    const start = await position(page);
    expect(start.total).toBeGreaterThan(2);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('carousel-counter')).toHaveText(`${(start.n % start.total) + 1} de ${start.total}`);
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('carousel-counter')).toHaveText(`${start.n} de ${start.total}`);
    expect(await seriousViolations(page)).toEqual([]);
    await stage.focus();

    // G opens the grid with every benefit, and G again brings the stage back.
    await page.keyboard.press('g');
    await expect(page.getByTestId('benefits-grid')).toBeVisible();
    await expect(page.getByTestId('benefits-grid').getByTestId('benefit-card')).toHaveCount(start.total);
    await stage.focus();
    await page.keyboard.press('g');
    await expect(page.getByTestId('carousel-counter')).toBeVisible();

    // A filter narrows the cards; one with nothing shows the empty state, never a blank stage.
    const filters = page.getByRole('group', { name: 'Filtrar por categoría' });
    await expect(filters.getByRole('button')).toHaveCount(14);
    await filters.getByRole('button', { name: 'Deportes' }).click();
    await expect(page.getByTestId('carousel-empty')).toContainText('No hay beneficios en «Deportes» por ahora');
    await filters.getByRole('button', { name: 'Comidas del mundo' }).click();
    await expect(page.getByTestId('carousel-counter')).toHaveText('1 de 2');
    for (const card of await stage.getByTestId('benefit-card').all()) await expect(card.getByText('Comidas', { exact: true })).toBeVisible();

    // Enter on the stage redeems the centre benefit; the header balance follows.
    const before = await flexibleBalance(page);
    const current = stage.getByTestId('carousel-current');
    const title = ((await current.getAttribute('aria-label')) ?? '').replace(/^\d+ de \d+: /, '');
    const cost = Number(((await current.getByTestId('benefit-cost').textContent()) ?? '').replace(/\D/g, ''));
    await stage.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Canjear beneficio' });
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirmar canje' }).click();
    const code = dialog.getByTestId('redeem-code');
    await expect(code).toHaveText(/^[A-Z0-9]{4} [A-Z0-9]{4}$/);
    const codeText = (await code.textContent()) ?? '';
    await expect(page.getByTestId('balance-flexibles')).toHaveText(String(before - cost));
    await dialog.getByRole('button', { name: 'Listo' }).click();

    // The new code is on the dashboard's 'Desafíos Activos', readable at a counter.
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio' }).click();
    const codes = page.getByRole('list', { name: 'Códigos activos' });
    await expect(codes.getByTestId('active-code').first()).toContainText(title);
    await expect(codes.getByText(codeText, { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Solicitudes recientes' }).getByTestId('request-row').first()).toContainText(title);
    await page.getByRole('link', { name: /^Ver todos \(\d+\) →$/ }).click();
    await expect(page).toHaveURL(/\/level3\/requests$/);
  });

  test('the diagnostic page shows the placeholder 50 five ways, follows resizes and logs styles', async ({ page }) => {
    test.setTimeout(120_000);
    const EMPLOYEE = await newAntonia();
    await signIn(page, EMPLOYEE.email, EMPLOYEE.password);
    await expect(page).toHaveURL(/\/level3\/dashboard$/);
    // Five tests showing the placeholder 50, and the window size following a resize.
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto('/level3/diagnostic');
    await expect(page.getByTestId('diagnostic-test')).toHaveCount(5);
    for (const number of await page.getByTestId('diagnostic-number').all()) await expect(number).toHaveText('50');
    await page.setViewportSize(DESKTOP);
    await expect(page.getByTestId('debug-window-size')).toHaveText(`${DESKTOP.width} × ${DESKTOP.height} px`);
    await expect(page.getByTestId('debug-user-agent')).toContainText('Mozilla');
    await page.getByRole('button', { name: 'Registrar estilos de los números' }).click();
    await expect.poll(() => logs.filter((line) => line.startsWith('[diagnóstico] número')).length).toBe(5);
    await page.getByRole('button', { name: 'Registrar estilos de los contenedores' }).click();
    await expect.poll(() => logs.filter((line) => line.startsWith('[diagnóstico] contenedor')).length).toBe(5);
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('debug-window-size')).toHaveText(`${PHONE.width} × ${PHONE.height} px`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  test('on a 390 px touch phone the stage opens in the page, goes full screen on request, a swipe moves it, and there is a way out', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: 'es-CL' });
    const page = await context.newPage();
    const EMPLOYEE = await newAntonia();
    await signIn(page, EMPLOYEE.email, EMPLOYEE.password);
    await expect(page).toHaveURL(/\/level3\/dashboard$/);
    await page.goto('/level3/benefits');

    const stage = page.getByTestId('benefits-stage');
    // The person keeps their bearings (decision 267): the header's balances stay in view.
    await expect(page.getByTestId('carousel-track')).toBeVisible({ timeout: 30_000 });
    await expect(stage).not.toHaveAttribute('data-fullscreen', 'true');
    await expect(page.getByTestId('balance-flexibles')).toBeInViewport();
    await page.getByRole('button', { name: 'Pantalla completa' }).click();
    await expect(stage).toHaveAttribute('data-fullscreen', 'true');
    await expect(stage).toHaveCSS('position', 'fixed');
    // Focus on the stage pauses the auto-advance, so only the swipe moves it.
    await stage.focus();
    const start = await position(page);

    // A real touch swipe to the left (80 px, beyond the 50 px threshold) through the DevTools protocol.
    const box = (await page.getByTestId('carousel-track').boundingBox())!;
    const y = box.y + box.height / 2;
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', 300);
    await touch('touchMove', 260);
    await touch('touchMove', 220);
    await touch('touchEnd', 220);
    await expect(page.getByTestId('carousel-counter')).toHaveText(`${(start.n % start.total) + 1} de ${start.total}`);

    // A short move (30 px) is not a swipe.
    await touch('touchStart', 300);
    await touch('touchMove', 270);
    await touch('touchEnd', 270);
    await expect(page.getByTestId('carousel-counter')).toHaveText(`${(start.n % start.total) + 1} de ${start.total}`);

    await page.getByRole('button', { name: 'Salir de pantalla completa' }).click();
    await expect(stage).not.toHaveAttribute('data-fullscreen', 'true');
    await expect(page.getByTestId('balance-flexibles')).toBeVisible();
    await context.close();
  });
});
