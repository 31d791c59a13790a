/**
 * Level 1's approval screen of bot requests shows each request's check-in windows with
 * the rule that bounds them (Monday to Friday, 08:00–21:00, Chile's time). Reads the demo's pending
 * request (Austral's) without answering it. Saves desktop and phone pictures for review under
 * SHOTS_DIR when it is set.
 */
import { expect, test } from '@playwright/test';
import { DEMO, DESKTOP, PHONE, signIn } from './support';

test("level 1 sees a request's check-in windows and the Monday–Friday, 08:00–21:00 rule", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/level1\/dashboard$/);
  await page.goto('/level1/bot-management');
  const card = page.getByRole('article', { name: 'Solicitud de Austral' });
  await expect(card.getByText('Horarios de contacto')).toBeVisible();
  await expect(card.getByText('10:00–11:00 y 15:00–16:00')).toBeVisible();
  await expect(card.getByText('Los check-ins salen solo de lunes a viernes, entre las 08:00 y las 21:00 (hora de Chile).')).toBeVisible();
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const [size, name] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
    await page.setViewportSize(size);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/level1-bot-request-hours-${name}.png`, fullPage: true, animations: 'disabled' });
  }
});
