/**
 * Decisions 355 and 356: without WEBHOOKS_ALLOW_PRIVATE (the default, whatever
 * NODE_ENV) a webhook reaches only public addresses; the delivery log keeps status and timing, never
 * the answer's body nor what a name resolved to; the odd IPv6 literals are refused; an owner has at
 * most 20 endpoints and each URL once. This file's server runs with the default settings.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '#server/config';
import { webhookEndpoints } from '#server/db/schema';
import { checkEndpointUrl, DESTINATION_REFUSED, safeLookup } from '#server/modules/webhooks/addresses';
import { deliverDueWebhooks } from '#server/modules/webhooks/delivery';
import { sealSecret, webhookSecretKey } from '#server/modules/webhooks/secret-box';
import { startWarnings } from '#server/start-warnings';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';
import { employee, getter, poster, type EmployeeSession } from '../economy/ledger-fixtures';
import { startReceiver, type Receiver } from './receiver';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let andes: string;
let hr: EmployeeSession;
let hrAustral: EmployeeSession;
let root: EmployeeSession;
let receiver: Receiver;

const strict = { allowPrivate: false };
const deliver = () => deliverDueWebhooks(ctx.db, { policy: strict, secretKey: webhookSecretKey(ctx.config.authSecret) });

type Delivery = { status: string; lastResponseCode: number | null; lastError: string | null; attemptLog: { responseCode: number | null; error: string | null }[] };
async function deliveriesOf(who: EmployeeSession, endpointId: string): Promise<Delivery[]> {
  const res = await get(`/api/webhooks/endpoints/${endpointId}/deliveries?limit=100`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Delivery[];
}

/** An endpoint stored as a server with other rules would have stored it (WEBHOOKS_ALLOW_PRIVATE=on, or before decision 355). */
async function storedEndpoint(url: string): Promise<string> {
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({ companyId: andes, url, events: ['code.used'], secret: sealSecret('whsec_dGVzdC1zZWNyZXQtdGVzdC1zZWNyZXQtMDEyMzQ1Ng==', webhookSecretKey(ctx.config.authSecret)) })
    .returning({ id: webhookEndpoints.id });
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  get = getter(ctx);
  andes = await createCompany(ctx.db, 'Andes');
  const austral = await createCompany(ctx.db, 'Austral');
  hr = await employee(ctx, 'rrhh@andes.cl', andes, 2);
  hrAustral = await employee(ctx, 'rrhh@austral.cl', austral, 2);
  root = await employee(ctx, 'root@jobby.cl', null, 1);
  receiver = await startReceiver();
});
afterEach(() => receiver.answer());
afterAll(async () => {
  await receiver?.close();
  await ctx.close();
});

describe('W1: the address rules hold outside production too', () => {
  it('a server with default settings refuses loopback, private and link-local targets at save time', async () => {
    for (const url of [`${receiver.url}/x`, 'http://127.0.0.1:3400/api/company/users', 'https://10.0.0.1/', 'https://169.254.169.254/latest/', 'http://2130706433:3400/', 'https://localhost/x', 'https://[::1]/x']) {
      const res = await post('/api/webhooks/endpoints', hr.cookie, { url, events: ['code.used'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('WEBHOOK_URL_NOT_ALLOWED');
    }
    expect((await get('/api/webhooks/endpoints', hr.cookie)).json()).toEqual([]);
  });

  it('an endpoint stored under other rules is refused before any byte is sent', async () => {
    const id = await storedEndpoint(`${receiver.url}/antiguo`);
    const before = receiver.received.length;
    expect((await post(`/api/webhooks/endpoints/${id}/test`, hr.cookie, {})).statusCode).toBe(200);
    await deliver();
    expect(receiver.received.length).toBe(before);
    const [delivery] = await deliveriesOf(hr, id);
    expect(delivery).toMatchObject({ status: 'pending', lastResponseCode: null, lastError: 'La URL del endpoint no está permitida: debe comenzar con https://' });
    await ctx.db.update(webhookEndpoints).set({ status: 'inactive' }).where(eq(webhookEndpoints.id, id));
  });

  it('the log keeps the status and the time of a refused answer, never its body', async () => {
    // Allowed here to reach the loopback receiver: the log's content is what is observed.
    const id = await storedEndpoint(`${receiver.url}/cuerpo`);
    receiver.answer(500);
    await post(`/api/webhooks/endpoints/${id}/test`, hr.cookie, {});
    await deliverDueWebhooks(ctx.db, { policy: { allowPrivate: true }, secretKey: webhookSecretKey(ctx.config.authSecret) });
    const [delivery] = await deliveriesOf(hr, id);
    expect(delivery).toMatchObject({ lastResponseCode: 500, lastError: 'Respuesta 500' });
    expect(delivery.attemptLog).toEqual([expect.objectContaining({ responseCode: 500, error: 'Respuesta 500' })]);
    expect(JSON.stringify(delivery)).not.toContain('fallo del receptor');
    await ctx.db.update(webhookEndpoints).set({ status: 'inactive' }).where(eq(webhookEndpoints.id, id));
  });

  it('WEBHOOKS_ALLOW_PRIVATE is off by default and refused in production; a development server beyond loopback warns at start', () => {
    const base = { DATA_DIR: '/tmp/jobby-config-test', BETTER_AUTH_SECRET: 'x'.repeat(40), WHATSAPP_APP_SECRET: 'y'.repeat(20), WHATSAPP_VERIFY_TOKEN: 'z'.repeat(10) };
    expect(loadConfig({ ...base }).webhooksAllowPrivate).toBe(false);
    expect(loadConfig({ ...base, WEBHOOKS_ALLOW_PRIVATE: 'on' }).webhooksAllowPrivate).toBe(true);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:25', WEBHOOKS_ALLOW_PRIVATE: 'on' })).toThrow('WEBHOOKS_ALLOW_PRIVATE=on no está permitido en producción.');

    expect(startWarnings({ env: 'development', host: '127.0.0.1', webhooksAllowPrivate: false })).toEqual([]);
    expect(startWarnings({ env: 'development', host: '::1', webhooksAllowPrivate: true })).toEqual([]);
    expect(startWarnings({ env: 'production', host: '0.0.0.0', webhooksAllowPrivate: false })).toEqual([]);
    const exposed = startWarnings({ env: 'development', host: '0.0.0.0', webhooksAllowPrivate: true });
    expect(exposed[0]).toContain('NODE_ENV=development con HOST=0.0.0.0');
    expect(exposed[1]).toContain('WEBHOOKS_ALLOW_PRIVATE=on');
  });
});

describe('W3: the log does not tell what a name resolves to; odd IPv6 literals are refused', () => {
  it('a name resolving to loopback is refused without naming the address', async () => {
    const error = await new Promise<Error | null>((resolve) => safeLookup(strict)('localhost', {}, (e) => resolve(e)));
    expect(error?.message).toBe(DESTINATION_REFUSED);
    expect(DESTINATION_REFUSED).toBe('La dirección de destino no existe o no es pública: envío rechazado');
    expect(DESTINATION_REFUSED).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('a name that does not resolve reads the same, without the resolver\'s text', async () => {
    const res = await post('/api/webhooks/endpoints', hr.cookie, { url: 'https://nombre-inexistente.invalid/gancho', events: ['code.used'] });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: string };
    await post(`/api/webhooks/endpoints/${id}/test`, hr.cookie, {});
    await deliver();
    const [delivery] = await deliveriesOf(hr, id);
    expect(delivery).toMatchObject({ status: 'pending', lastResponseCode: null, lastError: DESTINATION_REFUSED });
    expect(JSON.stringify(delivery)).not.toMatch(/getaddrinfo|ENOTFOUND|EAI_AGAIN|invalid/);
    await ctx.db.update(webhookEndpoints).set({ status: 'inactive' }).where(eq(webhookEndpoints.id, id));
  });

  it('IPv4-compatible, IPv4-translated, 6to4, site-local and local NAT64 literals are refused, and every earlier refusal holds', async () => {
    const odd = ['https://[::7f00:1]/', 'https://[::ffff:0:7f00:1]/', 'https://[2002:7f00:1::]/', 'https://[2002:a00:1::1]/', 'https://[fec0::1]/', 'https://[64:ff9b:1::a00:1]/', 'https://[64:ff9b::7f00:1]/'];
    const earlier = ['https://127.0.0.1/', 'https://[::1]/', 'https://[::ffff:7f00:1]/', 'https://[::ffff:127.0.0.1]/', 'https://[::ffff:a9fe:a9fe]/', 'https://169.254.169.254/', 'https://10.1.2.3/', 'https://[fd00::1]/', 'https://[fe80::1]/', 'https://[::]/', 'https://0/', 'https://2130706433/', 'https://0x7f000001/', 'https://0177.0.0.1/', 'https://100.64.0.1/', 'https://192.168.0.10/', 'https://[ff02::1]/', 'https://localhost./', 'https://api.localhost/'];
    for (const url of [...odd, ...earlier]) {
      const res = await post('/api/webhooks/endpoints', hr.cookie, { url, events: ['code.used'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toBe('La URL del endpoint no está permitida: no puede apuntar a una dirección privada, local o de enlace local');
    }
    // Public addresses pass.
    expect(checkEndpointUrl('https://[2606:4700:4700::1111]/x', strict)).toBe('https://[2606:4700:4700::1111]/x');
    expect(checkEndpointUrl('https://1.1.1.1/x', strict)).toBe('https://1.1.1.1/x');
  });
});

describe('W2: at most 20 endpoints per owner, each URL once', () => {
  it('the 21st endpoint of a company and of the platform is refused in Spanish; another owner is not affected', async () => {
    const company = await createCompany(ctx.db, 'Muchos');
    const many = await employee(ctx, 'rrhh@muchos.cl', company, 2);
    for (const who of [many, root]) {
      for (let i = 1; i <= 20; i++) {
        const res = await post('/api/webhooks/endpoints', who.cookie, { url: `https://hooks.example.com/${who.id}/${i}`, events: ['code.used'] });
        expect(res.statusCode, res.body).toBe(200);
        if (i === 10) {
          // Each owner's URLs once, the platform's too.
          const repeated = await post('/api/webhooks/endpoints', who.cookie, { url: `https://hooks.example.com/${who.id}/1`, events: ['request.created'] });
          expect(repeated.json().error.code).toBe('WEBHOOK_URL_IN_USE');
        }
      }
      const refused = await post('/api/webhooks/endpoints', who.cookie, { url: `https://hooks.example.com/${who.id}/21`, events: ['code.used'] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({ code: 'WEBHOOK_ENDPOINT_LIMIT', message: 'Ya tienes 20 endpoints, el máximo. Edita uno de ellos para usar otra URL.' });
      expect((await get('/api/webhooks/endpoints', who.cookie)).json()).toHaveLength(20);
    }
    expect((await post('/api/webhooks/endpoints', hrAustral.cookie, { url: 'https://hooks.example.com/austral/1', events: ['code.used'] })).statusCode).toBe(200);
  });

  raceTest('registrations at once cannot pass the limit together', async () => {
    const company = await createCompany(ctx.db, 'Carrera');
    const racer = await employee(ctx, 'rrhh@carrera.cl', company, 2);
    for (let i = 1; i <= 18; i++) await post('/api/webhooks/endpoints', racer.cookie, { url: `https://hooks.example.com/carrera/${i}`, events: ['code.used'] });
    const answers = await Promise.all([19, 20, 21, 22, 23].map((i) => post('/api/webhooks/endpoints', racer.cookie, { url: `https://hooks.example.com/carrera/${i}`, events: ['code.used'] })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    expect((await get('/api/webhooks/endpoints', racer.cookie)).json()).toHaveLength(20);
  });

  it('the same URL twice for one owner is refused, on create and on edit; another owner may use it', async () => {
    const url = 'https://hooks.example.com/nomina';
    const first = await post('/api/webhooks/endpoints', hr.cookie, { url, events: ['code.used'] });
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('/api/webhooks/endpoints', hr.cookie, { url, events: ['request.created'] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'WEBHOOK_URL_IN_USE', message: 'Ya tienes un endpoint con esa URL' });
    // The fragment is dropped on saving: it is the same URL.
    expect((await post('/api/webhooks/endpoints', hr.cookie, { url: `${url}#otra`, events: ['code.used'] })).json().error.code).toBe('WEBHOOK_URL_IN_USE');

    const other = await post('/api/webhooks/endpoints', hr.cookie, { url: 'https://hooks.example.com/otra', events: ['code.used'] });
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/webhooks/endpoints/${other.json().id}`,
      headers: { cookie: hr.cookie, origin: 'http://localhost:3000' },
      payload: { url, events: ['code.used'] },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe('WEBHOOK_URL_IN_USE');

    expect((await post('/api/webhooks/endpoints', hrAustral.cookie, { url, events: ['code.used'] })).statusCode).toBe(200);
  });
});
