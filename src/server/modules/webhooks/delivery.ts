/**
 * The delivery worker (decisions 230–233): claims due deliveries with FOR UPDATE SKIP
 * LOCKED in one statement that commits at once (so several copies share the work and none holds a
 * transaction open across the HTTP call), calls the endpoint, then records the attempt in a short
 * transaction of its own. A copy that dies mid-call leaves the row 'sending' with a lapsing claim
 * (`next_attempt_at`), and any copy takes it again after that.
 *
 * Failures are retried with exponential backoff (30 s doubling, at most 6 h between tries) until
 * the delivery's 24 h window closes. An endpoint that has failed without a success for a day is
 * disabled, its waiting deliveries given up, and its owners told in the bell (an outbox event).
 * The clock is injectable so tests walk the backoff without waiting.
 */
import http from 'node:http';
import https from 'node:https';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { WEBHOOK_RETRY_WINDOW_MS } from '#domain/webhooks';
import type { Db, Tx } from '../../db/client';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../db/schema';
import { recordEvent } from '../events/index';
import { AppError } from '#domain/errors';
import { checkEndpointUrl, connectionFailureText, safeLookup, type WebhookAddressPolicy } from './addresses';
import { messageIdOf, signedHeaders } from './secrets';
import { openSecretOrNull, SECRET_DOES_NOT_OPEN } from './secret-box';

const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 6 * 60 * 60_000;
/** A claim lapses after this (a call lasts at most the timeout): the row is then due again. */
const CLAIM_MS = 60_000;
const BATCH = 10;

export type DeliveryOptions = {
  policy: WebhookAddressPolicy;
  /** The key the endpoints' secrets are sealed under (secret-box.ts). */
  secretKey: Buffer;
  /** The clock of claims, backoff and signatures (tests move it forward). */
  now?: () => Date;
  /** The call's timeout (default 10 s). */
  timeoutMs?: number;
};

/** The wait after the n-th failed attempt (n ≥ 1): 30 s, 1 min, 2 min, … at most 6 h. */
export function backoffMs(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), LONGEST_WAIT_MS);
}

type Claimed = { id: string; endpointId: string; payload: unknown; attempts: number; giveUpAt: Date };

/** Claims up to `limit` due deliveries in a short transaction of its own, committed before any call. */
async function claimDue(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(inArray(webhookDeliveries.status, ['pending', 'sending']), lte(webhookDeliveries.nextAttemptAt, now)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(webhookDeliveries)
      .set({ status: 'sending', attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
      .where(inArray(webhookDeliveries.id, due.map((d) => d.id)))
      .returning({
        id: webhookDeliveries.id,
        endpointId: webhookDeliveries.endpointId,
        payload: webhookDeliveries.payload,
        attempts: webhookDeliveries.attempts,
        giveUpAt: webhookDeliveries.giveUpAt,
      });
  });
}

type Outcome = { responseCode: number | null; durationMs: number; error: string | null };

/**
 * One HTTP POST, no redirects followed (a 3xx is a failure), the URL and the resolved address
 * checked, a timeout. The log keeps the status and the time only: never the answer's body (it could
 * be any internal service's, decision 355), nor Node's text of a failure (connectionFailureText).
 */
function post(url: string, headers: Record<string, string>, body: string, options: { policy: WebhookAddressPolicy; timeoutMs: number }): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: Omit<Outcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, durationMs: elapsed() });
    };
    let target: URL;
    try {
      // Saved under other rules (WEBHOOKS_ALLOW_PRIVATE=on then, or before decision 355): judged as today's.
      target = new URL(checkEndpointUrl(url, options.policy));
    } catch (error) {
      done({ responseCode: null, error: error instanceof AppError ? error.message : 'URL no válida' });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const timeoutText = `Sin respuesta en ${Math.round(options.timeoutMs / 1000)} s`;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Jobby-Webhooks/1.0' },
        lookup: safeLookup(options.policy),
        timeout: options.timeoutMs,
        agent: false,
      },
      (response) => {
        const code = response.statusCode ?? 0;
        const ok = code >= 200 && code < 300;
        done({ responseCode: code, error: ok ? null : code >= 300 && code < 400 ? `Redirección (${code}) no seguida` : `Respuesta ${code}` });
        // The body is not read: drained and dropped, so the connection closes.
        response.resume();
        response.on('error', () => undefined);
      },
    );
    request.on('timeout', () => {
      done({ responseCode: null, error: timeoutText });
      request.destroy();
    });
    request.on('error', (error: NodeJS.ErrnoException) => done({ responseCode: null, error: connectionFailureText(error) }));
    request.end(body);
  });
}

/** Records an attempt; on a failure schedules the next try, gives up, or disables a day-long failing endpoint. */
async function record(db: Db, claimed: Claimed, outcome: Outcome, at: Date): Promise<void> {
  const ok = outcome.error === null;
  await db.transaction(async (tx) => {
    await tx.insert(webhookDeliveryAttempts).values({ deliveryId: claimed.id, attemptedAt: at, ...outcome });
    const next = new Date(at.getTime() + backoffMs(claimed.attempts));
    const givesUp = !ok && next > claimed.giveUpAt;
    await tx
      .update(webhookDeliveries)
      .set({
        status: ok ? 'delivered' : givesUp ? 'failed' : 'pending',
        deliveredAt: ok ? at : null,
        nextAttemptAt: ok || givesUp ? at : next,
        lastAttemptAt: at,
        lastResponseCode: outcome.responseCode,
        lastDurationMs: outcome.durationMs,
        lastError: outcome.error,
      })
      // Only the claim this worker holds: a 'Reintentar' meanwhile made a new one.
      .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.attempts, claimed.attempts), eq(webhookDeliveries.status, 'sending')));
    if (ok) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, claimed.endpointId));
      return;
    }
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at})` })
      .where(eq(webhookEndpoints.id, claimed.endpointId))
      .returning({ failingSince: webhookEndpoints.failingSince, status: webhookEndpoints.status, companyId: webhookEndpoints.companyId, url: webhookEndpoints.url });
    if (!endpoint?.failingSince || endpoint.status !== 'active') return;
    if (at.getTime() - endpoint.failingSince.getTime() < WEBHOOK_RETRY_WINDOW_MS) return;
    await disableFailingEndpoint(tx, claimed.endpointId, endpoint, at);
  });
}

async function disableFailingEndpoint(tx: Tx, endpointId: string, endpoint: { companyId: string | null; url: string }, at: Date) {
  await tx.update(webhookEndpoints).set({ status: 'inactive', disabledReason: 'failing', updatedAt: at }).where(eq(webhookEndpoints.id, endpointId));
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: sql`coalesce(${webhookDeliveries.lastError}, 'Endpoint desactivado')` })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
  await recordEvent(tx, { type: 'webhook.endpoint.disabled', payload: { endpointId, companyId: endpoint.companyId, url: endpoint.url } });
}

/** Sends one claimed delivery and records it. */
async function deliverOne(db: Db, claimed: Claimed, options: Required<DeliveryOptions>): Promise<void> {
  const [endpoint] = await db
    .select({
      url: webhookEndpoints.url,
      status: webhookEndpoints.status,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
      previousSecretUntil: webhookEndpoints.previousSecretUntil,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, claimed.endpointId));
  const at = options.now();
  if (!endpoint || endpoint.status !== 'active') {
    // Disabled between the claim and now: nothing is sent.
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: 'Endpoint desactivado', attempts: claimed.attempts - 1 })
      .where(and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.status, 'sending')));
    return;
  }
  const body = JSON.stringify(claimed.payload);
  const { secretKey } = options;
  const secret = openSecretOrNull(endpoint.secret, secretKey);
  if (secret === null) {
    // Sealed under another key (BETTER_AUTH_SECRET changed): an attempt that sends nothing, with the
    // reason and the remedy in the endpoint's log; retried as any failure, until a rotation.
    await record(db, claimed, { responseCode: null, durationMs: 0, error: SECRET_DOES_NOT_OPEN }, at);
    return;
  }
  const headers = signedHeaders(messageIdOf(claimed.id), at, body, {
    secret,
    // A rotated-out secret that no longer opens just stops signing: the rotation that follows such a
    // change brings deliveries back at once.
    previousSecret: endpoint.previousSecret === null ? null : openSecretOrNull(endpoint.previousSecret, secretKey),
    previousSecretUntil: endpoint.previousSecretUntil,
  });
  const outcome = await post(endpoint.url, headers, body, { policy: options.policy, timeoutMs: options.timeoutMs });
  await record(db, claimed, outcome, at);
}

/**
 * Delivers what is due until nothing is (or `max` were attempted); answers how many attempts were
 * made. Each batch's calls run side by side.
 */
export async function deliverDueWebhooks(db: Db, options: DeliveryOptions & { max?: number }): Promise<number> {
  const full: Required<DeliveryOptions> = { now: () => new Date(), timeoutMs: 10_000, ...options };
  const max = options.max ?? Number.POSITIVE_INFINITY;
  let attempted = 0;
  while (attempted < max) {
    const claimed = await claimDue(db, full.now(), Math.min(BATCH, max - attempted));
    if (claimed.length === 0) break;
    await Promise.all(claimed.map((c) => deliverOne(db, c, full)));
    attempted += claimed.length;
  }
  return attempted;
}
