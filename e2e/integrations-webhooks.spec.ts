/**
 * Webhooks out: HR of a company of the journey's own registers an endpoint on the
 * 'Integraciones' screen — a receiver this journey runs on loopback — copies its secret, sends the
 * test event, and sees it delivered in the endpoint's log; the receiver got it signed with that secret.
 */
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startReceiver } from '../test/api/webhooks/receiver';
import { newCompany, signIn } from './support';

test('HR registers an endpoint, sends the test event and sees it delivered in the log', async ({ page }) => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  try {
    const company = await newCompany({ name: 'Ganchos' });
    await signIn(page, company.hr, company.hrPassword);
    await expect(page).toHaveURL(/\/level2\/dashboard$/);
    await page.getByRole('link', { name: 'Integraciones' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Integraciones' })).toBeVisible();
    await expect(page.getByText('Aún no hay endpoints')).toBeVisible();

    await page.getByRole('button', { name: 'Nuevo endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Nuevo endpoint' });
    // Without events the form says so before sending anything.
    await form.getByLabel('URL').fill(`${receiver.url}/jobby`);
    await form.getByRole('button', { name: 'Crear endpoint' }).click();
    await expect(form.getByText('Elige al menos un evento')).toBeVisible();
    await form.getByLabel('Descripción').fill('Nómina de prueba');
    await form.getByLabel('Solicitud creada').check();
    await form.getByLabel('Código usado').check();
    await form.getByRole('button', { name: 'Crear endpoint' }).click();

    // The secret is shown at once, to copy.
    const secretDialog = page.getByRole('dialog', { name: 'Secreto de firma' });
    await expect(secretDialog.getByText('Endpoint creado. Copia su secreto para verificar las firmas.')).toBeVisible();
    const secret = (await secretDialog.getByLabel('Secreto de firma').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Listo' }).click();
    const row = page.getByRole('row', { name: /Nómina de prueba/ });
    await expect(row.getByText('Solicitud creada')).toBeVisible();
    await expect(row.getByText('Activo')).toBeVisible();

    // The test event reaches the receiver, signed with the secret shown.
    const arrived = receiver.next('webhook.test', 30_000);
    await page.getByRole('button', { name: 'Enviar evento de prueba a Nómina de prueba' }).click();
    await expect(page.getByText('Evento de prueba enviado. Revisa el registro de entregas.')).toBeVisible();
    const message = await arrived;
    expect(new Webhook(secret).verify(message.body, message.headers)).toMatchObject({ type: 'webhook.test' });

    // … and the log says so.
    await page.getByRole('button', { name: 'Registro de entregas de Nómina de prueba' }).click();
    const log = page.getByRole('dialog', { name: 'Registro de entregas' });
    const entry = log.getByRole('row', { name: /Evento de prueba/ });
    await expect(entry.getByText('Entregado')).toBeVisible({ timeout: 30_000 });
    await expect(entry.getByRole('cell', { name: '200', exact: true })).toBeVisible();
  } finally {
    await receiver.close();
  }
});
