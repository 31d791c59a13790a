/**
 * The one API client (decision 370, docs/architecture.md §6): openapi-fetch over the types
 * generated from the server's OpenAPI document (schema.gen.ts, `npm run api:types`), so a call names
 * a route the server has, sends the body its schema takes and gets back the answer its schema
 * describes. Paths are relative to /api: `api.GET('/company/benefits')`. JSON in and out; the
 * server's error body turned into an ApiError whose message is the catalogue's Spanish text, ready
 * to show as it is. Addresses the browser fetches by itself (the live stream, CSV downloads) come
 * from `apiUrl`: no other file of the web spells `/api/` (eslint.config.js).
 */
import createClient, { type ClientPathsWithMethod, type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.gen';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export const NETWORK_MESSAGE = 'No se pudo conectar con el servidor. Revisa tu conexión e intenta nuevamente.';

const BASE = '/api';

type QueryValue = string | number | boolean | null | undefined;

/** `a=1&b=x` of the given values, leaving out the undefined, null and empty ones ('' when none is left). */
function serializeQuery(params: Record<string, QueryValue | QueryValue[]>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') query.append(key, String(item));
    }
  }
  return query.toString();
}

/** A Request whose relative address is resolved against the page, as a browser does (Node's, under jsdom, refuses one). */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, globalThis.location?.href) : input, init);
  }
}

/** No answer at all (offline, DNS, a dropped connection): the status 0 that screens and retries read. An abort stays an abort. */
const unreachable: Middleware = {
  onError: ({ error }) => ((error as Error | null)?.name === 'AbortError' ? undefined : new ApiError(0, 'NETWORK', NETWORK_MESSAGE)),
};

const client = createClient<paths>({
  baseUrl: BASE,
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  querySerializer: serializeQuery as (query: unknown) => string,
  Request: PageRequest,
  // Looked up at each call rather than kept from the start, like the `fetch(...)` it replaces.
  fetch: (request) => globalThis.fetch(request),
});
client.use(unreachable);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The answer's data (null for an empty or non-JSON body), or the ApiError of a refusal. */
function settle({ data, error, response }: { data?: unknown; error?: unknown; response: Response }): unknown {
  if (!response.ok) {
    const body = error as { error?: { code?: string; message?: string } } | null | undefined;
    throw new ApiError(response.status, body?.error?.code ?? 'HTTP_' + response.status, body?.error?.message ?? NETWORK_MESSAGE);
  }
  return typeof data === 'string' && data ? safeJson(data) : null;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Media = `${string}/${string}`;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** openapi-fetch's rule: the options are required when the route has a required parameter or body. */
type InitParam<Init> = RequiredKeys<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];
type SuccessData<Operation extends Record<string | number, unknown>, Init> = Exclude<FetchResponse<Operation, Init, Media>['data'], undefined>;
/** What a call resolves to: the success answer its schema describes (unknown for a route that documents none). */
type Data<Operation extends Record<string | number, unknown>, Init> = [SuccessData<Operation, Init>] extends [never] ? unknown : SuccessData<Operation, Init>;

type Call<M extends Method> = <Path extends ClientPathsWithMethod<typeof client, M>, Init extends MaybeOptionalInit<paths[Path], M>>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<Data<paths[Path][M] & Record<string | number, unknown>, Init>>;

function call<M extends Method>(method: M): Call<M> {
  // A change always carries a JSON body, `{}` when the route takes none: Fastify refuses an empty one.
  const changes = method === 'post' || method === 'put' || method === 'patch';
  const send = (url: string, init: { body?: unknown } = {}) =>
    client
      .request(method, url as never, { ...init, ...(changes ? { body: init.body ?? {} } : {}), parseAs: 'text' } as never)
      .then((result) => settle(result as { data?: unknown; error?: unknown; response: Response }));
  return send as unknown as Call<M>;
}

/** `api.GET('/me', { signal })`, `api.POST('/redemptions', { body, headers: { 'Idempotency-Key': key } })`: resolves to the data, rejects with an ApiError. */
export const api = { GET: call('get'), POST: call('post'), PUT: call('put'), PATCH: call('patch'), DELETE: call('delete') };

/** An address under /api that the browser fetches by itself: the live stream, a CSV download link. */
export function apiUrl(path: keyof paths, query: Record<string, QueryValue> = {}): string {
  const search = serializeQuery(query);
  return `${BASE}${path}${search ? `?${search}` : ''}`;
}

/** An address of the API as the server's preloads name it (src/domain/first-data.ts), as the client takes it: '/api/me' → '/me'. */
export function underApi<Address extends `${typeof BASE}/${string}`>(address: Address): Address extends `${typeof BASE}${infer Path}` ? Path : never {
  return address.slice(BASE.length) as Address extends `${typeof BASE}${infer Path}` ? Path : never;
}

/** A key for one user action, reused when that same action is retried (ARCHITECTURE §4). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Ocurrió un error inesperado. Intenta nuevamente.';
}
