/**
 * What an HR system's integrator writes (decision 220): a client typed by `openapi-typescript` from
 * /api/openapi.json and called with `openapi-fetch` and an API key. Nothing here knows Jobby's source:
 * every path, body and answer type comes from the generated `paths`, so a document that does not
 * describe these calls fails the test's type check (tsc -p test/integrator).
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/jobby-api';

export function jobbyClient(baseUrl: string, apiKey: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
}

type Client = ReturnType<typeof jobbyClient>;

/** Pushes a new hire and gives them the month's tokens, as a payroll system does on its first day. */
export async function onboard(client: Client, hire: { name: string; email: string; password: string; tokens: number }) {
  const created = await client.POST('/api/company/users', {
    body: { name: hire.name, email: hire.email, password: hire.password, confirmPassword: hire.password },
  });
  if (!created.data) throw new Error(`alta rechazada: ${created.response.status} ${JSON.stringify(created.error)}`);
  const assigned = await client.POST('/api/company/tokens/assign', {
    body: { userId: created.data.id, amount: hire.tokens, reason: 'Bono de bienvenida' },
    headers: { 'Idempotency-Key': `alta-${created.data.id}` },
  });
  if (!assigned.data) throw new Error(`asignación rechazada: ${assigned.response.status} ${JSON.stringify(assigned.error)}`);
  return { userId: created.data.id, balanceAfter: assigned.data.balanceAfter };
}

/** The company's token history as the key reads it (scope tokens:read). */
export async function tokenHistory(client: Client) {
  const { data, error, response } = await client.GET('/api/company/tokens/history', { params: { query: { limit: '20' } } });
  if (!data) throw new Error(`historial rechazado: ${response.status} ${JSON.stringify(error)}`);
  return data.items.map((item) => ({ userId: item.userId, amount: item.amount, actorName: item.actorName }));
}

/** The generated types are real: a call the document does not allow does not compile. */
export function refusedByTheTypes(client: Client) {
  // @ts-expect-error — the assignment needs a userId (the document says so).
  return client.POST('/api/company/tokens/assign', { body: { amount: 5 } });
}
