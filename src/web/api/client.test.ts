// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiUrl, NETWORK_MESSAGE } from './client';

type Seen = { method: string; path: string; headers: Record<string, string>; credentials: RequestCredentials; body: string };

/** A fetch that records what the browser would send and answers `reply` (or fails as the network does). */
function server(reply: () => Response | Promise<Response>) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      seen.push({
        method: request.method,
        path: url.pathname + url.search,
        headers: Object.fromEntries(request.headers.entries()),
        credentials: request.credentials,
        body: await request.text(),
      });
      return reply();
    }),
  );
  return seen;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('the one API client (decision 370)', () => {
  it('reads JSON from /api with the session cookie, and sends no body and no content type on a read', async () => {
    const seen = server(() => json(200, { unread: 3 }));
    await expect(api.GET('/notifications/unread-count')).resolves.toEqual({ unread: 3 });
    expect(seen).toEqual([{ method: 'GET', path: '/api/notifications/unread-count', headers: { accept: 'application/json' }, credentials: 'same-origin', body: '' }]);
  });

  it('sends a change as JSON, `{}` when the route takes no body, with the caller’s Idempotency-Key', async () => {
    const seen = server(() => json(200, { updated: 2 }));
    await api.POST('/notifications/read-all');
    await api.POST('/codes/verify', { body: { code: 'AB2CD3E4' }, headers: { 'Idempotency-Key': 'clave-1' } });
    expect(seen.map(({ method, path, headers, body }) => ({ method, path, headers, body }))).toEqual([
      { method: 'POST', path: '/api/notifications/read-all', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: '{}' },
      {
        method: 'POST',
        path: '/api/codes/verify',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': 'clave-1' },
        body: '{"code":"AB2CD3E4"}',
      },
    ]);
  });

  it('fills path parameters encoded, and leaves out of the query what is undefined or empty', async () => {
    const seen = server(() => json(200, { items: [], total: 0 }));
    await api.GET('/company/employees', { params: { query: { search: '', limit: '20', offset: '0' } } });
    await api.DELETE('/company/users/{id}/invitation', { params: { path: { id: 'a b/c' } } });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /api/company/employees?limit=20&offset=0', 'DELETE /api/company/users/a%20b%2Fc/invitation']);
  });

  it("turns the server's refusal into an ApiError with the catalogue's code and Spanish text", async () => {
    server(() => json(503, { error: { code: 'DATABASE_UNAVAILABLE', message: 'El servicio no está disponible en este momento.' } }));
    const refusal = await api.GET('/me').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', message: 'El servicio no está disponible en este momento.' });
  });

  it('names a refusal without our error body by its status, with the connection message', async () => {
    server(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(api.GET('/me')).rejects.toMatchObject({ status: 502, code: 'HTTP_502', message: NETWORK_MESSAGE });
  });

  it('answers status 0 (NETWORK) when the server was not reached, and lets an abort stay an abort', async () => {
    server(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.GET('/me')).rejects.toMatchObject({ name: 'ApiError', status: 0, code: 'NETWORK', message: NETWORK_MESSAGE });
    server(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    await expect(api.GET('/me')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reads an empty or non-JSON success as null', async () => {
    server(() => new Response(null, { status: 204 }));
    await expect(api.DELETE('/admin/users/{id}', { params: { path: { id: 'u1' } } })).resolves.toBeNull();
    server(() => new Response('ok', { status: 200 }));
    await expect(api.GET('/me')).resolves.toBeNull();
  });

  it('gives the browser’s own fetches (links, the live stream) their address under /api', () => {
    expect(apiUrl('/events')).toBe('/api/events');
    expect(apiUrl('/provider/history/export', { search: '', from: '2026-11-01', to: undefined })).toBe('/api/provider/history/export?from=2026-11-01');
  });
});
