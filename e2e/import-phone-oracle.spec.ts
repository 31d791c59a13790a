/**
 * Decision 349: in the import's preview HR of another company reads only that a row
 * cannot be imported with that phone — never that the number is registered — while its own people's
 * numbers still say so. Saves the preview at desktop and phone width for a person to look at.
 */
import { expect, test } from '@playwright/test';
import { DESKTOP, newCompany, PHONE, previewImport } from './support';

const SHOTS = process.env.SHOTS_DIR ?? 'e2e/screenshots';

test("another company's number in the preview: 'No es posible usar este número de teléfono', nothing about who holds it", async ({ page }) => {
  const own = await newCompany({ name: 'Importa Teléfonos', maxUsers: 10 });
  const rows = [
    `Nueva Persona;nueva@${own.domain};+56 9 5555 0101;A`,
    // Camila's number (Andes, demo data): another company's employee.
    `Número Ajeno;ajeno@${own.domain};+56 9 8765 4321;A`,
    `Otra Persona;otra@${own.domain};;B`,
  ];
  const dialog = await previewImport(page, own, rows);
  await expect(dialog.getByTestId('import-invalid')).toHaveText('1');
  await expect(dialog.getByText('No es posible usar este número de teléfono')).toBeVisible();
  await expect(dialog.getByText('Ese número ya está registrado para otro colaborador')).toHaveCount(0);
  for (const [size, suffix] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
    await page.setViewportSize(size);
    await expect(dialog.getByText('No es posible usar este número de teléfono')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/import-preview-foreign-phone-${suffix}.png`, fullPage: true, animations: 'disabled' });
  }
});
