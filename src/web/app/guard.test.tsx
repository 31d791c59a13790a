// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Me } from '../../domain/schemas/me';
import { MantineTestProvider, stubBrowserForMantine } from '../test-support';
import { meQuery } from '../api/session';
import { RequireArea } from './guard';

const ME: Me = {
  id: 'u1',
  name: 'Olga',
  email: 'olga@andes.cl',
  level: 3,
  companyId: 'c1',
  companyName: 'Andes',
  userType: 'A',
  status: 'active',
  themePreference: 'light',
  surveyCompleted: true,
  phone: null,
  department: null,
  createdAt: '2026-11-01T12:00:00.000Z',
};

/** /api/me answers: each call takes the next; a `null` is a read that never reached the server. */
function serverAnswers(...answers: ({ status: number; body: unknown } | null)[]) {
  const fetch = vi.fn(async () => {
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderGuard(queryClient: QueryClient) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MantineTestProvider>
        <MemoryRouter initialEntries={['/level3/dashboard']}>
          <RequireArea level={3}>
            <p>Pantalla del colaborador</p>
          </RequireArea>
        </MemoryRouter>
      </MantineTestProvider>
    </QueryClientProvider>,
  );
}

describe('back online, who is signed in (decision 347)', () => {
  beforeAll(stubBrowserForMantine);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a read of /api/me that never reached the server is asked again; an answer of the server is not', async () => {
    const queryClient = new QueryClient();
    const fetch = serverAnswers(null, { status: 200, body: ME });
    await expect(queryClient.fetchQuery({ ...meQuery, retryDelay: 0 })).resolves.toMatchObject({ id: 'u1' });
    expect(fetch).toHaveBeenCalledTimes(2);

    const refused = serverAnswers({ status: 500, body: { error: { code: 'INTERNAL', message: 'Error interno' } } }, { status: 200, body: ME });
    await expect(new QueryClient().fetchQuery({ ...meQuery, retryDelay: 0 })).rejects.toMatchObject({ status: 500 });
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('a failed re-read while the person is known keeps their screen instead of the full-page error', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(meQuery.queryKey, ME);
    serverAnswers({ status: 500, body: { error: { code: 'INTERNAL', message: 'Error interno' } } });
    await queryClient.refetchQueries({ queryKey: meQuery.queryKey }).catch(() => undefined);
    expect(queryClient.getQueryState(meQuery.queryKey)?.status).toBe('error');
    renderGuard(queryClient);
    expect(screen.getByText('Pantalla del colaborador')).toBeTruthy();
    expect(screen.queryByText(/Error al cargar datos de usuario/)).toBeNull();
  });

  it('with nobody known, a failed read still shows the error and its retry', async () => {
    const queryClient = new QueryClient();
    serverAnswers({ status: 500, body: { error: { code: 'INTERNAL', message: 'Error interno' } } });
    renderGuard(queryClient);
    expect(await screen.findByText(/Error al cargar datos de usuario/)).toBeTruthy();
    expect(screen.queryByText('Pantalla del colaborador')).toBeNull();
  });
});
