// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MantineTestProvider, stubBrowserForMantine } from '../test-support';
import { VerifyTokenForm } from './verify-token-form';

beforeAll(stubBrowserForMantine);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MantineTestProvider>{children}</MantineTestProvider>
    </QueryClientProvider>
  );
}

describe('VerifyTokenForm with its rules loaded on first use (decision 300)', () => {
  it("answers Enter on a blank field with the shared schema's message, before the rules were ever loaded", async () => {
    render(<VerifyTokenForm />, { wrapper: Providers });
    fireEvent.keyDown(screen.getByLabelText('Código del token'), { key: 'Enter' });
    expect(await screen.findByText('Por favor, ingresa un código de token', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows the example in its own case, and upper-cases what is typed', () => {
    render(<VerifyTokenForm />, { wrapper: Providers });
    const field = screen.getByLabelText('Código del token');
    expect(field.getAttribute('placeholder')).toBe('Ej.: AB2C D3E4');
    fireEvent.change(field, { target: { value: 'ab2c' } });
    expect((field as HTMLInputElement).value).toBe('AB2C');
  });
});

const FOUND = { code: 'AB2CD3E4', benefitName: 'Café de especialidad', isBenefitJobby: true, firstName: 'Ana', expiresAt: '2026-12-24T15:00:00.000Z', status: 'active', usedAt: null };
const REDEEMED = { code: 'AB2CD3E4', benefitName: 'Café de especialidad', isBenefitJobby: true, userName: 'Ana Rojas', usedAt: '2026-11-28T16:55:00.000Z', message: 'Token verificado y procesado correctamente' };

/** A fake server: each call to a path answers the next of its replies; every call is recorded. */
function serve(replies: Record<string, Array<[status: number, body: unknown]>>) {
  const calls: Array<{ url: string; body: unknown; headers: Record<string, string> }> = [];
  vi.stubGlobal('fetch', vi.fn(async (request: Request) => {
    const url = new URL(request.url).pathname;
    calls.push({ url, body: await request.json(), headers: Object.fromEntries(request.headers.entries()) });
    const [status, body] = replies[url]?.shift() ?? [500, {}];
    return new Response(JSON.stringify(body), { status });
  }));
  return calls;
}

async function typeAndVerify(value: string) {
  const field = screen.getByLabelText('Código del token');
  fireEvent.change(field, { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
}

describe('a typed code goes through the same two steps as a scanned one (decision 362)', () => {
  it("'Verificar' only looks the code up and shows what it is for; 'Confirmar canje' uses it", async () => {
    const calls = serve({ '/api/codes/lookup': [[200, FOUND]], '/api/codes/verify': [[200, REDEEMED]] });
    const onRedeemed = vi.fn();
    render(<VerifyTokenForm onRedeemed={onRedeemed} />, { wrapper: Providers });
    await typeAndVerify(' ab2cd3e4 ');
    const preview = await screen.findByTestId('code-preview', {}, { timeout: 10_000 });
    expect(preview.textContent).toContain('Café de especialidad');
    expect(preview.textContent).toContain('Colaborador: Ana');
    expect(preview.textContent).toContain('AB2C D3E4');
    expect(preview.textContent).toContain('Vence el 24/12/2026');
    // Nothing was used: one look-up of the trimmed, upper-cased code, and no verification.
    expect(calls.map((c) => [c.url, c.body])).toEqual([['/api/codes/lookup', { code: 'AB2CD3E4' }]]);
    expect(onRedeemed).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar canje' }));
    expect(await screen.findByText('Token Válido')).toBeTruthy();
    expect(screen.getByText('Token verificado y procesado correctamente')).toBeTruthy();
    expect(screen.getByText('Ana Rojas')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(['/api/codes/lookup', '/api/codes/verify']);
    expect(calls[1].body).toEqual({ code: 'AB2CD3E4' });
    expect(calls[1].headers['idempotency-key']).toMatch(/.+/);
    expect(onRedeemed).toHaveBeenCalledWith(REDEEMED);
    expect((screen.getByLabelText('Código del token') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Confirmar canje' })).toBeNull();
  });

  it('a code this caller already used says when, as the scanner does, and offers no confirmation', async () => {
    serve({ '/api/codes/lookup': [[200, { ...FOUND, status: 'used', usedAt: '2026-11-28T16:55:00.000Z' }]] });
    render(<VerifyTokenForm />, { wrapper: Providers });
    await typeAndVerify('AB2CD3E4');
    expect(await screen.findByText('Token Inválido', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('verify-error').textContent).toBe('El token ya ha sido utilizado o ha expirado');
    expect(screen.getByText('Lo canjeaste el 28/11/2026 13:55.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar canje' })).toBeNull();
  });

  it("a refused code shows the server's message; 'Cancelar' clears the answer without using anything", async () => {
    const calls = serve({ '/api/codes/lookup': [[404, { error: { code: 'CODE_NOT_FOUND', message: 'Token no encontrado' } }], [200, FOUND]] });
    render(<VerifyTokenForm />, { wrapper: Providers });
    await typeAndVerify('ZZ99ZZ99');
    expect(await screen.findByText('Token no encontrado', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Token Inválido')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar canje' })).toBeNull();

    await typeAndVerify('AB2CD3E4');
    await screen.findByTestId('code-preview');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByTestId('code-preview')).toBeNull());
    expect((screen.getByLabelText('Código del token') as HTMLInputElement).value).toBe('');
    expect(calls.map((c) => c.url)).toEqual(['/api/codes/lookup', '/api/codes/lookup']);
  });

  it('with no answer to the look-up, says so and looks the same code up again on «Reintentar»', async () => {
    const calls = serve({ '/api/codes/lookup': [[503, { error: { code: 'UNAVAILABLE', message: 'El servicio no está disponible. Intenta nuevamente en unos segundos.' } }], [200, FOUND]] });
    render(<VerifyTokenForm />, { wrapper: Providers });
    await typeAndVerify('AB2CD3E4');
    expect(await screen.findByText('No se pudo verificar', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByTestId('code-preview');
    expect(calls.map((c) => [c.url, c.body])).toEqual([['/api/codes/lookup', { code: 'AB2CD3E4' }], ['/api/codes/lookup', { code: 'AB2CD3E4' }]]);
  });
});
