// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DeadEventItem } from '#domain/schemas/events';
import { MantineTestProvider, stubBrowserForMantine } from '../../test-support';
import { DeadEventsPage } from './dead-events-page';

beforeAll(stubBrowserForMantine);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DEAD: DeadEventItem = {
  id: 95,
  type: 'bot.request.decided',
  companyName: 'Andes',
  attempts: 33,
  lastError: 'webhooks.fanOut: connect ECONNREFUSED',
  createdAt: '2026-11-27T20:11:00.000Z',
  deadAt: '2026-11-28T21:10:00.000Z',
};

/** The server of the page: one dead event until it is retried. */
function serve() {
  let items = [DEAD];
  const calls: string[] = [];
  // The API client (openapi-fetch) hands fetch a Request.
  vi.stubGlobal('fetch', async (request: Request) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    if (request.method === 'POST') {
      items = [];
      return new Response(JSON.stringify({ id: DEAD.id, retried: true }), { status: 200 });
    }
    return new Response(JSON.stringify({ items, nextCursor: null, total: items.length }), { status: 200 });
  });
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MantineTestProvider>{children}</MantineTestProvider>
    </QueryClientProvider>
  );
  render(<DeadEventsPage />, { wrapper });
}

describe('Eventos fallidos', () => {
  it('shows each dead event with its error and count; Reintentar asks first, then puts it back and the list empties', async () => {
    const calls = serve();
    renderPage();
    const table = within(await screen.findByRole('table', { name: 'Eventos fallidos' }));
    expect(table.getByText('webhooks.fanOut: connect ECONNREFUSED')).toBeTruthy();
    expect(table.getByText('Andes')).toBeTruthy();
    expect(screen.getByLabelText('1 evento fallido').textContent).toBe('1 fallido');

    fireEvent.click(table.getByRole('button', { name: 'Reintentar el evento 95' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('El evento 95 (bot.request.decided) volverá a la cola con un nuevo día de reintentos. ¿Continuar?')).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Reintentar' }));

    await screen.findByText('No hay eventos fallidos');
    expect(calls).toContain('POST /api/admin/events/95/retry');
    await waitFor(() => expect(screen.getByLabelText('0 eventos fallidos').textContent).toBe('0 fallidos'));
  });
});
