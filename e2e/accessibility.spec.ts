import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

/** WCAG A/AA checks on the public screens and a signed-in layout (LOOK-AND-FEEL: contrast in both schemes). */
const serious = (violations: { impact?: string | null; id: string }[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);

test('login and register have no serious accessibility violations', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect(page.getByRole('button').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(serious(results.violations), path).toEqual([]);
  }
  await context.close();
});

test('the HR layout has no serious accessibility violations', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO.hr);
  await expect(page).toHaveURL(/\/level2\/dashboard$/);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(serious(results.violations), JSON.stringify(results.violations.map((v) => v.nodes.map((n) => n.target.join(' ') + ' :: ' + n.failureSummary)))).toEqual([]);
  await context.close();
});
