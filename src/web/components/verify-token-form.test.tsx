// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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

  it('sends a typed code, trimmed and upper-cased, to the verification', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: { code: 'CODE_NOT_FOUND', message: 'Token no encontrado' } }), { status: 404 }));
    vi.stubGlobal('fetch', fetch);
    render(<VerifyTokenForm />, { wrapper: Providers });
    const field = screen.getByLabelText('Código del token');
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: ' ab2cd3e4 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Token no encontrado', {}, { timeout: 10_000 })).toBeTruthy();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/codes/verify');
    expect(JSON.parse(String(init.body))).toEqual({ code: 'AB2CD3E4' });
  });
});
