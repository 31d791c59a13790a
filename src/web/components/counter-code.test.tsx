// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { MantineTestProvider, stubBrowserForMantine } from '../test-support';
import { CounterCode } from './counter-code';

beforeAll(stubBrowserForMantine);
afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

describe('CounterCode says where to use a code', () => {
  it("shows the provider's name, address and instructions, the approver's instructions and the expiry beside the QR", async () => {
    render(
      <CounterCode
        code="AB12CD34"
        expiresAt="2026-12-24T15:00:00.000Z"
        providerName="Café Central"
        providerAddress="Av. Providencia 1234, Santiago"
        providerInstructions="Pide en caja"
        instructions="Válido solo de lunes a viernes"
      />,
      { wrapper: MantineTestProvider },
    );
    const qr = screen.getByRole('img', { name: 'Código QR de AB12CD34' });
    // The symbol is drawn once the QR library has loaded (decision 301): a 21-module version 1 code, quiet zone included.
    await waitFor(() => expect(qr.querySelector('path')).not.toBeNull());
    expect(qr.getAttribute('viewBox')).toBe('0 0 29 29');
    expect(screen.getByText('Café Central')).toBeTruthy();
    expect(screen.getByTestId('code-address').textContent).toBe('Dirección: Av. Providencia 1234, Santiago');
    expect(screen.getByTestId('code-provider-instructions').textContent).toBe('Cómo usarlo: Pide en caja');
    expect(screen.getByTestId('code-instructions').textContent).toBe('Instrucciones: Válido solo de lunes a viernes');
    expect(screen.getByTestId('code-expiry').textContent).toBe('Vence el 24/12/2026');
  });

  it('leaves out what the provider did not give', () => {
    render(<CounterCode code="AB12CD34" expiresAt="2026-12-24T15:00:00.000Z" providerName={null} providerAddress={null} providerInstructions={null} />, {
      wrapper: MantineTestProvider,
    });
    expect(screen.queryByTestId('code-address')).toBeNull();
    expect(screen.queryByTestId('code-provider-instructions')).toBeNull();
    expect(screen.queryByText(/Úsalo en/)).toBeNull();
  });
});

describe('a code from the last sync, without signal (decision 306)', () => {
  const HOUR = 60 * 60 * 1000;
  const past = () => new Date(Date.now() - HOUR).toISOString();
  const future = () => new Date(Date.now() + HOUR).toISOString();
  const show = (expiresAt: string) => render(<CounterCode code="AB12CD34" expiresAt={expiresAt} providerName="Café Central" />, { wrapper: MantineTestProvider });

  it('offline and past its date by this device: shown expired, with no QR to scan', () => {
    onlineManager.setOnline(false);
    const expiresAt = past();
    show(expiresAt);
    expect(screen.queryByRole('img', { name: 'Código QR de AB12CD34' })).toBeNull();
    expect(screen.getByTestId('expired-code').textContent).toContain('Venció el');
  });

  it('offline and still within its date: the QR as usual', () => {
    onlineManager.setOnline(false);
    show(future());
    expect(screen.getByRole('img', { name: 'Código QR de AB12CD34' })).toBeTruthy();
    expect(screen.queryByTestId('expired-code')).toBeNull();
  });

  it('offline, a code whose date passes while the screen is open turns expired then', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      onlineManager.setOnline(false);
      show(new Date(Date.now() + 5_000).toISOString());
      expect(screen.getByRole('img', { name: 'Código QR de AB12CD34' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(5_001));
      expect(screen.queryByRole('img', { name: 'Código QR de AB12CD34' })).toBeNull();
      expect(screen.getByTestId('expired-code')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("online, the server's word stands, whatever this device's clock says", () => {
    show(past());
    expect(screen.getByRole('img', { name: 'Código QR de AB12CD34' })).toBeTruthy();
    expect(screen.queryByTestId('expired-code')).toBeNull();
  });
});
