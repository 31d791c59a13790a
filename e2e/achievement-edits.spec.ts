/**
 * Editable achievement rules with 'Hoy la cumplirían' (decisions 204 and 205). The rule is
 * the journey's own and inactive throughout (an active rule of one code would reward other journeys'
 * employees at their next use): level 1 opens 'Editar', sees the server's count follow the condition
 * as it is typed, saves, and the table shows the rule as edited.
 */
import { expect, test } from '@playwright/test';
import { apiAs, DEMO, signIn, unique } from './support';

test('level 1 edits a rule and sees who would qualify now as the condition changes', async ({ page }) => {
  test.setTimeout(180_000);
  const name = unique('Regla editable');
  const admin = await apiAs(DEMO.admin);
  const created = await admin.post('/api/achievement-rules', { data: { name, description: 'Antes de editar', conditionType: 'tokens_used_count', conditionValue: 100000, rewardTokens: 3 } });
  expect(created.status()).toBe(200);
  const rule = (await created.json()) as { id: string };
  expect((await admin.post(`/api/achievement-rules/${rule.id}/status`, { data: { status: 'inactive' } })).status()).toBe(200);
  // What the server counts for one used code (the demo's and other journeys' uses): the screen must say the same.
  const atLeastOne = (await (await admin.post('/api/achievement-rules/qualifying', { data: { conditionType: 'tokens_used_count', conditionValue: 1, ruleId: rule.id } })).json()) as { qualifyNow: number };

  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/level1\/dashboard$/);
  await page.goto('/level1/achievements');
  const row = page.getByRole('table', { name: 'Reglas de logros' }).getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Editar ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar regla' });
  await expect(dialog.getByLabel('Nombre')).toHaveValue(name);
  await expect(dialog.getByLabel('Códigos usados')).toHaveValue('100000');
  const count = dialog.getByTestId('rule-qualifying');
  await expect(count).toContainText('Hoy la cumplirían 0 personas.');

  await dialog.getByLabel('Códigos usados').fill('1');
  const expected = atLeastOne.qualifyNow;
  await expect(count).toContainText(`Hoy la cumplirían ${expected} ${expected === 1 ? 'persona' : 'personas'}.`);
  await expect(count).toContainText('guardar no entrega tokens');

  // Saved unattainable again, with a new name and reward: the table shows the edit.
  await dialog.getByLabel('Códigos usados').fill('99999');
  await dialog.getByLabel('Nombre').fill(`${name} v2`);
  await dialog.getByLabel('Recompensa (tokens flexibles)').fill('7');
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Regla actualizada correctamente')).toBeVisible();
  const edited = page.getByRole('table', { name: 'Reglas de logros' }).getByRole('row', { name: new RegExp(`${name} v2`) });
  await expect(edited).toContainText('99.999 códigos usados');
  await expect(edited).toContainText('7 tokens');
  await expect(edited).toContainText('Inactiva');
  await admin.dispose();
});
