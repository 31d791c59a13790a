import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, DEMO, E2E_WHATSAPP_APP_SECRET, newCompany, newEmployee, signIn, signOut } from './support';

/** A Chilean mobile number no other journey or run has used (phones are unique on the platform). */
const uniquePhone = () => `+569${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

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

/**
 * A company of this journey's own with the bot's access granted by level 1, and two employees whose
 * WhatsApp numbers HR recorded: Diego will write, Isidora never does (no demo people).
 */
async function botCompany() {
  const company = await newCompany({ name: 'Bienestar' });
  const admin = await apiAs(DEMO.admin);
  expect((await admin.put(`/api/admin/bot/companies/${company.id}/access`, { data: { enabled: true } })).status()).toBe(200);
  await admin.dispose();
  const [diego, isidora] = [await newEmployee({ name: 'Diego Fuentes', of: company, surveyDone: true }), await newEmployee({ name: 'Isidora Contreras', of: company, surveyDone: true })];
  const hr = await apiAs(company.hr, company.hrPassword);
  const phones = { diego: uniquePhone(), isidora: uniquePhone() };
  for (const [person, phone] of [[diego, phones.diego], [isidora, phones.isidora]] as const) {
    const res = await hr.put(`/api/bot/employees/${person.id}/phone`, { data: { phone } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await hr.dispose();
  return { company, diego, isidora, diegoWhatsapp: phones.diego.slice(1) };
}

/** Level 1 approves the company's pending bot request through the API. */
async function approveRequestOf(companyId: string) {
  const admin = await apiAs(DEMO.admin);
  const pending = (await (await admin.get('/api/admin/bot/requests?limit=100')).json()) as { items: Array<{ id: string; companyId: string }> };
  const request = pending.items.find((item) => item.companyId === companyId);
  expect(request, 'a pending request of this company').toBeDefined();
  expect((await admin.post(`/api/admin/bot/requests/${request!.id}/approve`)).status()).toBe(200);
  await admin.dispose();
}

test.describe('the wellbeing bot', () => {
  test('HR configures the bot, a WhatsApp message becomes a profile and an alert, HR acts; level 1 turns access off', async ({ page }) => {
    // Three sign-ins, four screens and level 1's approval: longer than one screen's journey.
    test.setTimeout(240_000);
    const { company, diego, isidora, diegoWhatsapp } = await botCompany();
    // HR turns the bot on with the company's number and saves the configuration.
    await signIn(page, company.hr, company.hrPassword);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await page.goto('/level2/bot-messaging');
    // The first visit loads the HR area's code: on a busy CI machine that can take a while.
    await expect(page.getByRole('heading', { name: 'Bot de bienestar', level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Número de WhatsApp').fill(uniquePhone());
    await page.getByRole('switch', { name: 'Bot de bienestar activo' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('switch', { name: 'Bot de bienestar activo' })).toBeChecked();
    await page.getByRole('combobox', { name: 'Frecuencia de análisis' }).click();
    await page.getByRole('option', { name: 'Diario' }).click();
    const keywords = page.getByRole('combobox', { name: 'Palabras clave de estrés' });
    await keywords.fill('auditoría');
    await keywords.press('Enter');
    await page.getByRole('button', { name: 'Usar instrucciones por defecto' }).click();
    // 24-hour times.
    await expect(page.getByLabel('Instrucciones del bot')).toHaveValue(/entre las 10:00 y las 11:00 o entre las 15:00 y las 16:00/);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Configuración guardada exitosamente' })).toBeVisible();
    await expect(page.getByText('Pendiente de aprobación')).toBeVisible();
    // The configuration runs once level 1 approves it (the next journey does that on screen).
    await approveRequestOf(company.id);

    // A signed message from Diego's number arrives; the profile and the alert appear.
    await sendWhatsapp(page, diegoWhatsapp, 'Estoy muy estresado con la auditoría, no doy más');
    await page.getByRole('tab', { name: 'Perfiles de Empleados' }).click();
    const table = page.getByRole('table', { name: 'Perfiles de Empleados' });
    const diegoRow = table.getByRole('row', { name: new RegExp(diego.name) });
    await expect(diegoRow).toContainText('Alto · 10', { timeout: 25_000 });
    await expect(table.getByRole('row', { name: new RegExp(isidora.name) })).toContainText('Sin datos');
    await diegoRow.getByRole('button', { name: `Ver conversaciones de ${diego.name}` }).click();
    const conversation = page.getByRole('dialog', { name: `Conversaciones de ${diego.name}` });
    await expect(conversation.getByText('Estoy muy estresado con la auditoría, no doy más')).toBeVisible();
    await expect(conversation.getByText(/Palabras detectadas: .*auditoria/)).toBeVisible();
    await expect(conversation.getByText('No enviado: sin transporte configurado')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: /Análisis y Alertas/ }).click();
    const alerts = page.getByRole('table', { name: 'Alertas' });
    const alert = alerts.getByRole('row', { name: new RegExp(diego.name) });
    // The tab loads its chart library when first opened.
    await expect(alert).toContainText('Abierta', { timeout: 30_000 });
    await expect(alerts.getByRole('row', { name: new RegExp(isidora.name) })).toHaveCount(0);
    await expect(page.getByText('Tendencia por período')).toBeVisible();
    await alert.getByRole('button', { name: `Tomar Acción con ${diego.name}` }).click();
    const action = page.getByRole('dialog', { name: `Tomar Acción: ${diego.name}` });
    await action.getByLabel('Acción tomada').fill('Conversé con Diego y repartimos la auditoría');
    await action.getByRole('button', { name: 'Registrar acción' }).click();
    await expect(action).toBeHidden();
    await expect(alert).toContainText('Atendida');
    // The HR admin who acted (newCompany names them 'Admin RR.HH.' and a tag).
    await expect(alert).toContainText('Admin RR.HH.');
    await signOut(page);

    // Level 1 turns the company's access off; HR's switch is then disabled.
    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await page.goto('/level1/bot-management');
    await expect(page.getByRole('heading', { name: 'Gestión del bot', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Buscar empresa' }).fill(company.name);
    await expect(page.getByText('Habilitado desde').first()).toBeVisible();
    // Mantine draws the switch over its input: toggle the input from the keyboard, as a keyboard user would.
    await page.getByRole('switch', { name: `Deshabilitar el bot de ${company.name}` }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('dialog', { name: 'Deshabilitar el bot' }).getByRole('button', { name: 'Deshabilitar' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Bot deshabilitado para ${company.name}` })).toBeVisible();
    await expect(page.getByRole('switch', { name: `Habilitar el bot de ${company.name}` })).not.toBeChecked();
    await signOut(page);

    await signIn(page, company.hr, company.hrPassword);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await page.goto('/level2/bot-messaging');
    await expect(page.getByText('Bot sin acceso')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Bot de bienestar activo' })).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Bot de bienestar activo' })).not.toBeChecked();
  });

  test('level 1 rejects a bot request with a reason and approves the next; HR sees each answer', async ({ page }) => {
    test.setTimeout(180_000);
    const { company } = await botCompany();
    const hr = await apiAs(company.hr, company.hrPassword);
    const config = { botEnabled: true, whatsappNumber: uniquePhone(), analysisFrequency: 'daily', stressKeywords: ['turnos'], wellbeingIndicators: [], instructions: '', checkInTemplate: 'bienestar_checkin', checkInLanguage: 'es', checkInWindows: ['10:00-11:00'] };
    expect((await hr.put('/api/bot/config', { data: config })).status()).toBe(200);

    await signIn(page, DEMO.admin);
    await expect(page).toHaveURL(/\/level1\/dashboard$/);
    await page.goto('/level1/bot-management');
    await expect(page.getByRole('heading', { name: 'Gestión del bot', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Buscar empresa' }).fill(company.name);
    const card = page.getByRole('article', { name: `Solicitud de ${company.name}` });
    await expect(card).toContainText('bienestar_checkin (es)');
    await expect(card).toContainText('10:00–11:00');
    await expect(card).toContainText('Diario');
    // Rejecting asks why; an empty reason is refused on the spot.
    await card.getByRole('button', { name: `Rechazar la solicitud de ${company.name}` }).click();
    const reject = page.getByRole('dialog', { name: 'Rechazar la configuración' });
    await reject.getByRole('button', { name: 'Rechazar' }).click();
    await expect(reject.getByText('Indica el motivo del rechazo')).toBeVisible();
    await reject.getByLabel('Motivo del rechazo').fill('La plantilla aún no está aprobada por Meta');
    await reject.getByRole('button', { name: 'Rechazar' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Configuración de ${company.name} rechazada` })).toBeVisible();
    await expect(card).toHaveCount(0);

    // HR saves again; level 1 approves after confirming.
    expect((await hr.put('/api/bot/config', { data: config })).status()).toBe(200);
    await page.reload();
    await page.getByRole('textbox', { name: 'Buscar empresa' }).fill(company.name);
    await page.getByRole('article', { name: `Solicitud de ${company.name}` }).getByRole('button', { name: `Aprobar la solicitud de ${company.name}` }).click();
    await page.getByRole('dialog', { name: 'Aprobar la configuración' }).getByRole('button', { name: 'Aprobar' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Configuración de ${company.name} aprobada: ya está vigente` })).toBeVisible();
    await expect(page.getByText('Ninguna solicitud pendiente coincide con la búsqueda')).toBeVisible();
    await signOut(page);

    await signIn(page, company.hr, company.hrPassword);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    // Both answers rang HR's bell (decision 287): the approval, then the rejection with its reason.
    await expect(page.getByTestId('bell')).toHaveAccessibleName('Notificaciones (2 sin leer)', { timeout: 30_000 });
    await page.getByTestId('bell').click();
    const answers = page.getByTestId('notification-item');
    await expect(answers.nth(0)).toContainText('Configuración del bot aprobada');
    await expect(answers.nth(0)).toContainText('La configuración del bot de bienestar fue aprobada y ya está en uso.');
    await expect(answers.nth(1)).toContainText('Configuración del bot rechazada');
    await expect(answers.nth(1)).toContainText("fue rechazada: La plantilla aún no está aprobada por Meta. Revisa 'Bot de bienestar'.");
    await page.screenshot({ path: 'e2e/screenshots/level2-bell-bot-answers-desktop.png', animations: 'disabled' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'e2e/screenshots/level2-bell-bot-answers-phone.png', animations: 'disabled' });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/level2/bot-messaging');
    await expect(page.getByRole('heading', { name: 'Bot de bienestar', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Configuración aprobada')).toBeVisible();
    await expect(page.getByText('Es la que está vigente.')).toBeVisible();
    await expect(page.getByLabel('Plantilla de WhatsApp')).toHaveValue('bienestar_checkin');
    // The connection speaks to HR: no environment variables, headers or Meta console on this screen.
    await expect(page.getByRole('heading', { name: 'Conexión con WhatsApp' })).toBeVisible();
    await expect(page.getByText('Sin envío de mensajes')).toBeVisible();
    await expect(page.getByText(/WHATSAPP_|X-Hub-Signature|Meta for Developers/)).toHaveCount(0);
    await hr.dispose();
  });
});
