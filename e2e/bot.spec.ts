import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, E2E_WHATSAPP_APP_SECRET, shoot, signIn, signOut } from './support';

/** Diego's demo WhatsApp number (src/server/modules/bot/demo.ts); he has never written to the bot. */
const DIEGO_WHATSAPP = '56976543210';

/** Posts a text message as WhatsApp Cloud API would: its payload, signed with the app secret. */
async function sendWhatsapp(page: Page, from: string, body: string) {
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: 'e2e', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages: [{ from, id: `wamid.e2e-${Date.now()}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body } }] } }] }],
  });
  const signature = `sha256=${createHmac('sha256', E2E_WHATSAPP_APP_SECRET).update(raw).digest('hex')}`;
  const res = await page.request.post('/webhook/whatsapp', { data: raw, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } });
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ received: 1, stored: 1 });
}

test.describe('the wellbeing bot (issue 11)', () => {
  test('HR configures the bot, a WhatsApp message becomes a profile and an alert, HR acts; level 1 turns access off', async ({ page }) => {
    // Three sign-ins, four screens and their screenshots at two widths: longer than one screen's journey.
    test.setTimeout(180_000);
    // HR saves the configuration.
    await signIn(page, DEMO.hr);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await page.goto('/level2/bot-messaging');
    // The first visit loads the HR area's code: on a busy CI machine that can take a while.
    await expect(page.getByRole('heading', { name: 'Bot de bienestar', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Número de WhatsApp')).toHaveValue('+56226000000');
    await page.getByRole('combobox', { name: 'Frecuencia de análisis' }).click();
    await page.getByRole('option', { name: 'Diario' }).click();
    const keywords = page.getByRole('combobox', { name: 'Palabras clave de estrés' });
    await keywords.fill('auditoría');
    await keywords.press('Enter');
    await page.getByRole('button', { name: 'Usar instrucciones por defecto' }).click();
    await expect(page.getByLabel('Instrucciones del bot')).toHaveValue(/10:00 y las 11:00 AM/);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Configuración guardada exitosamente' })).toBeVisible();
    await expect(page.getByText('/webhook/whatsapp').first()).toBeVisible();
    await shoot(page, 'level2-bot-config');

    // A signed message from Diego's number arrives; the profile and the alert appear.
    await sendWhatsapp(page, DIEGO_WHATSAPP, 'Estoy muy estresado con la auditoría, no doy más');
    await page.getByRole('tab', { name: 'Perfiles de Empleados' }).click();
    const table = page.getByRole('table', { name: 'Perfiles de Empleados' });
    // By his address: another journey's own newcomer may be called Diego Fuentes too.
    const diego = table.getByRole('row', { name: /diego@andes\.cl/ });
    await expect(diego).toContainText('Alto · 10', { timeout: 25_000 });
    await expect(table.getByRole('row', { name: /Isidora Contreras/ })).toContainText('Sin datos');
    await shoot(page, 'level2-bot-profiles');
    await diego.getByRole('button', { name: 'Ver conversaciones de Diego Fuentes' }).click();
    const conversation = page.getByRole('dialog', { name: 'Conversaciones de Diego Fuentes' });
    await expect(conversation.getByText('Estoy muy estresado con la auditoría, no doy más')).toBeVisible();
    await expect(conversation.getByText(/Palabras detectadas: .*auditoria/)).toBeVisible();
    await expect(conversation.getByText('No enviado: sin transporte configurado')).toBeVisible();
    await shoot(page, 'level2-bot-conversation', { phone: false });
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: /Análisis y Alertas/ }).click();
    const alerts = page.getByRole('table', { name: 'Alertas' });
    const alert = alerts.getByRole('row', { name: /Diego Fuentes/ });
    // The tab loads its chart library when first opened.
    await expect(alert).toContainText('Abierta', { timeout: 30_000 });
    await expect(alerts.getByRole('row', { name: /Camila Rojas/ })).toContainText('Abierta');
    await expect(page.getByText('Tendencia por período')).toBeVisible();
    await shoot(page, 'level2-bot-analytics');
    await alert.getByRole('button', { name: 'Tomar Acción con Diego Fuentes' }).click();
    const action = page.getByRole('dialog', { name: 'Tomar Acción: Diego Fuentes' });
    await action.getByLabel('Acción tomada').fill('Conversé con Diego y repartimos la auditoría');
    await action.getByRole('button', { name: 'Registrar acción' }).click();
    await expect(action).toBeHidden();
    await expect(alert).toContainText('Atendida');
    await expect(alert).toContainText('Carolina Pizarro');
    await signOut(page);

    // Level 1 turns Andes's access off; HR's switch is then disabled.
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await page.goto('/level1/bot-management');
    await expect(page.getByRole('heading', { name: 'Gestión del bot', level: 1 })).toBeVisible();
    await expect(page.getByText('Habilitado desde').first()).toBeVisible();
    await shoot(page, 'level1-bot-management');
    // Mantine draws the switch over its input: toggle the input from the keyboard, as a keyboard user would.
    await page.getByRole('switch', { name: 'Deshabilitar el bot de Andes' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('dialog', { name: 'Deshabilitar el bot' }).getByRole('button', { name: 'Deshabilitar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Bot deshabilitado para Andes' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Habilitar el bot de Andes' })).not.toBeChecked();
    await signOut(page);

    await signIn(page, DEMO.hr);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await page.goto('/level2/bot-messaging');
    await expect(page.getByText('Bot sin acceso')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Bot de bienestar activo' })).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Bot de bienestar activo' })).not.toBeChecked();
  });
});
