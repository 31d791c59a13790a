/**
 * An employee's code shows its QR; the provider scans it with the camera (a fake
 * camera fed a video of that QR, written here from the QR's matrix) and confirms, and a second scan
 * of the same code is refused; with the camera refused, the provider types the code.
 * Chromium on Linux has no BarcodeDetector: this exercises the WebAssembly decoder from our origin.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { create } from 'qrcode';
import { apiAs, DEMO, newEmployee, PHONE, providerPortalShown, redeemByTitle, signIn } from './support';

const BENEFIT = '20% de descuento en delivery';
const SHOTS = process.env.SHOTS_DIR ?? 'e2e/screenshots';
const CAMERA = path.join(tmpdir(), `jobby-fake-camera-${process.pid}.y4m`);
const [WIDTH, HEIGHT] = [640, 480];

/**
 * A few frames of YUV 4:2:0 video (Y4M, which Chromium's fake camera plays in a loop): the QR of
 * `code` black on white, centred, or a white picture when there is no code.
 */
function writeCamera(code: string | null) {
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  if (code) {
    const { modules } = create(code, { errorCorrectionLevel: 'M' });
    const scale = Math.floor((HEIGHT * 0.7) / modules.size);
    const left = Math.floor((WIDTH - modules.size * scale) / 2);
    const top = Math.floor((HEIGHT - modules.size * scale) / 2);
    for (let y = 0; y < modules.size * scale; y++) {
      for (let x = 0; x < modules.size * scale; x++) {
        if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * WIDTH + left + x] = 16;
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(CAMERA, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), ...Array(5).fill(frame)]));
}
writeCamera(null);

// This file's browser has a fake camera playing CAMERA (launch options of this journey only).
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${CAMERA}`,
    ],
  },
});

async function providerPage(browser: Browser, camera: 'granted' | 'refused'): Promise<Page> {
  const context = await browser.newContext({ permissions: camera === 'granted' ? ['camera'] : [] });
  const page = await context.newPage();
  await signIn(page, DEMO.provider);
  await expect(page.getByRole('heading', { name: 'Verificar Token' })).toBeVisible({ timeout: 30_000 });
  await providerPortalShown(page);
  return page;
}

async function phoneShot(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png`, animations: 'disabled' });
}

test('the employee shows the QR; the provider scans it, confirms once, and a second scan is refused', async ({ browser }) => {
  test.setTimeout(240_000);
  const person = await newEmployee({ name: 'Renata Soto', of: 'austral', surveyDone: true, flexible: 2 });

  // 1. The employee redeems and sees the code with its QR, where to use it and until when.
  const employee = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signIn(employee, person.email, person.password);
  await expect(employee).toHaveURL(/\/level3\/dashboard$/);
  await employee.goto('/level3/benefits');
  await employee.getByRole('article', { name: BENEFIT }).getByRole('button', { name: /^Canjear/ }).click();
  const dialog = employee.getByRole('dialog', { name: 'Canjear beneficio' });
  await dialog.getByRole('button', { name: 'Confirmar canje' }).click();
  const shown = dialog.getByTestId('redeem-code');
  await expect(shown).toHaveText(/^[A-Z0-9]{4} [A-Z0-9]{4}$/);
  const code = (await shown.textContent())!.replace(' ', '');
  await expect(dialog.getByRole('img', { name: `Código QR de ${code}` })).toBeVisible();
  await expect(dialog.getByText('Úsalo en Café Central')).toBeVisible();
  await expect(dialog.getByTestId('code-expiry')).toHaveText(/^Vence el \d{2}\/\d{2}\/\d{4}$/);
  await phoneShot(employee, 'qr-redeem-light');
  await dialog.getByRole('button', { name: 'Listo' }).click();

  // The same code, with its QR, on the dashboard and in 'Mis solicitudes', in the dark theme too.
  await employee.goto('/level3/dashboard');
  const active = employee.getByTestId('active-code').filter({ hasText: BENEFIT }).first();
  await expect(active.getByRole('img', { name: `Código QR de ${code}` })).toBeVisible();
  await employee.getByTestId('user-menu').click();
  await employee.getByRole('menuitem', { name: 'Usar tema oscuro' }).click();
  await expect(employee.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await active.scrollIntoViewIfNeeded();
  await phoneShot(employee, 'qr-dashboard-dark');
  await employee.goto('/level3/requests');
  const row = employee.getByTestId('request-row').filter({ hasText: BENEFIT }).first();
  await expect(row.getByRole('img', { name: `Código QR de ${code}` })).toBeVisible();
  await expect(row).toContainText('Úsalo en Café Central');
  await phoneShot(employee, 'qr-requests-dark');
  await employee.getByTestId('user-menu').click();
  await employee.getByRole('menuitem', { name: 'Usar tema claro' }).click();
  await employee.context().close();

  // 2. The provider opens the scanner: nothing of it loaded before; the decoder comes from our origin.
  const provider = await providerPage(browser, 'granted');
  const fetched: string[] = [];
  provider.on('request', (request) => fetched.push(request.url()));
  expect(fetched.filter((url) => /code-scanner|zxing/.test(url))).toEqual([]);
  await provider.getByRole('button', { name: 'Escanear código' }).click();
  const scanner = provider.getByRole('dialog', { name: 'Escanear código' });
  await expect(scanner.getByText('Apunta la cámara al código QR que muestra el colaborador.')).toBeVisible();
  await expect(scanner.getByLabel('Vista de la cámara')).toBeVisible();
  await expect.poll(() => fetched.some((url) => url.endsWith('.wasm'))).toBe(true);
  const baseURL = new URL(provider.url()).origin;
  expect(fetched.filter((url) => /zxing|\.wasm/.test(url)).every((url) => url.startsWith(baseURL))).toBe(true);
  await phoneShot(provider, 'scanner-camera');
  await scanner.getByRole('button', { name: 'Cerrar' }).click();
  await expect(scanner).toBeHidden();

  // The camera now shows the employee's QR: what it is for, then one tap redeems it.
  writeCamera(code);
  await provider.getByRole('button', { name: 'Escanear código' }).click();
  const result = scanner.getByTestId('verify-result');
  await expect(result.getByRole('heading', { name: BENEFIT })).toBeVisible({ timeout: 30_000 });
  await expect(result).toContainText('Colaborador: Renata');
  await expect(result).toContainText(/Vence el \d{2}\/\d{2}\/\d{4}/);
  await phoneShot(provider, 'scanner-found');
  await provider.setViewportSize({ width: 1280, height: 800 });
  await provider.screenshot({ path: `${SHOTS}/scanner-found-desktop.png`, animations: 'disabled' });
  await result.getByRole('button', { name: 'Confirmar canje' }).click();
  await expect(provider.getByText('¡Token Canjeado!')).toBeVisible();
  await expect(scanner).toBeHidden();
  await expect(provider.getByText('¡Token Canjeado!')).toBeHidden({ timeout: 10_000 });
  await expect(provider.getByRole('table', { name: 'Historial de tokens procesados' }).getByText(`${code.slice(0, 4)} ${code.slice(4)}`)).toHaveCount(1);

  // 3. The same code scanned again: the spec's refusal, and when this provider redeemed it.
  await provider.getByRole('button', { name: 'Escanear código' }).click();
  await expect(scanner.getByTestId('verify-error')).toHaveText('El token ya ha sido utilizado o ha expirado', { timeout: 30_000 });
  await expect(scanner.getByText(/^Lo canjeaste el \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(scanner.getByRole('button', { name: 'Confirmar canje' })).toHaveCount(0);
  await phoneShot(provider, 'scanner-used');
  await scanner.getByRole('button', { name: 'Cerrar' }).click();
  await provider.context().close();
});

test('with the camera refused, the provider is told so and types the code', async ({ browser }) => {
  test.setTimeout(180_000);
  const person = await newEmployee({ name: 'Tomás Vera', of: 'austral', surveyDone: true, flexible: 1 });
  const api = await apiAs(person.email, person.password);
  const { code } = await redeemByTitle(api, 'platform', BENEFIT);
  await api.dispose();
  expect(code).not.toBeNull();

  const provider = await providerPage(browser, 'refused');
  await provider.getByRole('button', { name: 'Escanear código' }).click();
  const scanner = provider.getByRole('dialog', { name: 'Escanear código' });
  await expect(scanner.getByTestId('scanner-camera-error')).toContainText('No tenemos permiso para usar la cámara. Ingresa el código a mano');
  await phoneShot(provider, 'scanner-refused');
  // One way back to typing, not two (it was also 'Escribir el código').
  await expect(scanner.getByRole('button', { name: /código$/ })).toHaveCount(1);
  await scanner.getByRole('button', { name: 'Ingresar el código' }).click();
  await expect(scanner).toBeHidden();
  const input = provider.getByLabel('Código del token');
  await expect(input).toBeFocused();
  await input.fill(code!.code);
  await provider.getByRole('button', { name: 'Verificar' }).click();
  // Typed, the same two steps as scanned (decision 362).
  await provider.getByTestId('verify-result').getByRole('button', { name: 'Confirmar canje' }).click();
  await expect(provider.getByText('¡Token Canjeado!')).toBeVisible();
  await expect(provider.getByTestId('verify-result').getByText('Token Válido')).toBeVisible();
  await provider.context().close();
});
