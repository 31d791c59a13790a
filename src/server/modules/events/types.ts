/**
 * The domain events of the outbox and who may see each one live. A service records an
 * event in the transaction of its change (recordEvent in outbox.ts); the workers read them after the
 * commit. Payloads carry ids and the few facts the workers need; anything else is read at handling time.
 */
import { REQUEST_STATUSES, TOKEN_TYPES, TRANSFER_KINDS } from '#domain/constants';
import type { LiveTopic } from '#domain/live';
import { z } from '#domain/schemas/zod';

const movedTokensSchema = z.object({
  transferId: z.number(),
  kind: z.enum(TRANSFER_KINDS),
  userId: z.string(),
  companyId: z.string().nullable(),
  tokenType: z.enum(TOKEN_TYPES),
  /** Positive: into the wallet; negative: out of it. */
  delta: z.number(),
  reason: z.string().nullable(),
});
export type MovedTokens = z.infer<typeof movedTokensSchema>;

const requestFactsSchema = z.object({
  requestId: z.string(),
  userId: z.string(),
  companyId: z.string().nullable(),
  providerUserId: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  benefitName: z.string(),
});
export type RequestFacts = z.infer<typeof requestFactsSchema>;

const employeeCreatedSchema = z.object({ userId: z.string(), companyId: z.string(), name: z.string(), email: z.string(), source: z.enum(['hr', 'self', 'import']) });
export type EmployeeCreated = z.infer<typeof employeeCreatedSchema>;

const tokensAssignedSchema = z.object({
  tokenType: z.enum(TOKEN_TYPES),
  amount: z.number(),
  reason: z.string(),
  actorName: z.string(),
  /** One per wallet credited; companyId is the employee's company (null for someone without one). */
  recipients: z.array(z.object({ userId: z.string(), companyId: z.string().nullable(), transferId: z.number() })),
});
export type TokensAssigned = z.infer<typeof tokensAssignedSchema>;

const tokensReversedSchema = z.object({
  /** The reversal's transfer, and the grant it takes back. */
  transferId: z.number(),
  reversesTransferId: z.number(),
  userId: z.string(),
  companyId: z.string().nullable(),
  tokenType: z.enum(TOKEN_TYPES),
  amount: z.number(),
  reason: z.string(),
  actorName: z.string(),
});
export type TokensReversed = z.infer<typeof tokensReversedSchema>;

/**
 * Every event type with the schema of its payload: the one source of the types below, and what the
 * outbox worker checks a stored payload against before any handler sees it (a payload that fails is
 * dead at once, decision 364).
 */
export const EVENT_PAYLOADS = {
  'tokens.moved': z.object({ transfers: z.array(movedTokensSchema) }),
  'request.created': requestFactsSchema,
  'request.decided': requestFactsSchema,
  'code.used': z.object({ codeId: z.string(), userId: z.string(), companyId: z.string().nullable(), providerUserId: z.string(), usedAt: z.string() }),
  /** An unused code lapses within days (codes/expiry-reminder.ts): remind its owner in the bell. */
  'code.expiring': z.object({ codeId: z.string(), userId: z.string(), benefitName: z.string(), expiresAt: z.string(), daysLeft: z.number() }),
  'achievement.granted': z.object({ achievementId: z.string(), userId: z.string(), ruleId: z.string(), ruleName: z.string(), rewardTokens: z.number() }),
  'wellbeing.alert': z.object({ companyId: z.string(), alerts: z.array(z.object({ alertId: z.string(), userId: z.string(), stressScore: z.number() })) }),
  /** An inbound WhatsApp message was stored: analyse it, update the profile and alerts, queue the reply. */
  'bot.message.received': z.object({ messageId: z.string() }),
  /** The bot's reply (an outbound message not sent yet) is due: send it. */
  'bot.reply.due': z.object({ messageId: z.string() }),
  /** A level 3 account joined a company (HR added it, or its first sign-in matched the company's domain). */
  'employee.created': employeeCreatedSchema,
  /** A person assigned tokens by hand (level 1's 'Agregar', HR's single or bulk assignment); not the monthly allowance. */
  'tokens.assigned': tokensAssignedSchema,
  /** HR or level 1 took a grant back (decision 359): the person hears it in the bell. */
  'tokens.reversed': tokensReversedSchema,
  /** A company's monthly allowance of one token type was granted (the job or 'Asignar ahora'). */
  'allowance.granted': z.object({ companyId: z.string(), month: z.string(), tokenType: z.enum(TOKEN_TYPES), amountEach: z.number(), employees: z.number() }),
  /** A webhook endpoint failed for a day and was disabled: its owners hear it in the bell. */
  'webhook.endpoint.disabled': z.object({ endpointId: z.string(), companyId: z.string().nullable(), url: z.string() }),
  /** A check-in was claimed (bot/check-ins.ts): hand its template message to the transport. */
  'bot.checkin.due': z.object({ checkInId: z.string() }),
  /** Level 1 answered a company's bot configuration (decision 287): its HR hear it in the bell. */
  'bot.request.decided': z.object({ requestId: z.string(), companyId: z.string(), approved: z.boolean(), reason: z.string().nullable() }),
} as const;

export type DomainEventType = keyof typeof EVENT_PAYLOADS;
export type EventPayload<T extends DomainEventType> = z.infer<(typeof EVENT_PAYLOADS)[T]>;
export type DomainEvent = { [T in DomainEventType]: { type: T; payload: EventPayload<T> } }[DomainEventType];
/** The event of one type (or of a few), narrowed. */
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export const isEventType = (type: string): type is DomainEventType => Object.hasOwn(EVENT_PAYLOADS, type);

/**
 * A stored row read back as an event: its payload checked against its type's schema. Answers the
 * Spanish reason when the type is unknown or the payload does not match (the row is then dead).
 */
export function parseEvent(type: string, payload: unknown): { ok: true; event: DomainEvent } | { ok: false; error: string } {
  if (!isEventType(type)) return { ok: false, error: `Tipo de evento desconocido: ${type}` };
  const parsed = EVENT_PAYLOADS[type].safeParse(payload);
  // Written for level 1's list, in Spanish: zod's own prettifyError adds English ("→ at codeId").
  if (!parsed.success) return { ok: false, error: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'contenido'}: ${issue.message}`).join('\n') };
  return { ok: true, event: { type, payload: parsed.data } as DomainEvent };
}

/** The company an event concerns, when its payload names one (for logs and the dead events' list). */
export function companyOfPayload(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as { companyId?: unknown; transfers?: { companyId?: unknown }[]; recipients?: { companyId?: unknown }[] };
  const candidate = p.companyId ?? (Array.isArray(p.transfers) ? p.transfers[0]?.companyId : undefined) ?? (Array.isArray(p.recipients) ? p.recipients[0]?.companyId : undefined);
  return typeof candidate === 'string' ? candidate : null;
}

export type { LiveTopic };

/**
 * Who hears a live message: these users, the HR of these companies, the platform team. A caller
 * never hears about another company's data (the SSE scope).
 */
export type LiveAudience = { userIds?: readonly string[]; hrOf?: readonly string[]; admins?: boolean };

export type LiveMessage = { topic: LiveTopic } & LiveAudience;
