/**
 * The domain events of the outbox (issue 10) and who may see each one live. A service records an
 * event in the transaction of its change (recordEvent in outbox.ts); the workers read them after the
 * commit. Payloads carry ids and the few facts the workers need; anything else is read at handling time.
 */
import type { RequestStatus, TokenType, TransferKind } from '../../../domain/constants';
import type { LiveTopic } from '../../../domain/live';

export type MovedTokens = {
  transferId: number;
  kind: TransferKind;
  userId: string;
  companyId: string | null;
  tokenType: TokenType;
  /** Positive: into the wallet; negative: out of it. */
  delta: number;
  reason: string | null;
};

export type RequestFacts = {
  requestId: string;
  userId: string;
  companyId: string | null;
  providerUserId: string | null;
  status: RequestStatus;
  benefitName: string;
};

export type DomainEvent =
  | { type: 'tokens.moved'; payload: { transfers: MovedTokens[] } }
  | { type: 'request.created' | 'request.decided'; payload: RequestFacts }
  | { type: 'code.used'; payload: { codeId: string; userId: string; companyId: string | null; providerUserId: string; usedAt: string } }
  /** An unused code lapses within days (codes/expiry-reminder.ts): remind its owner in the bell. */
  | { type: 'code.expiring'; payload: { codeId: string; userId: string; benefitName: string; expiresAt: string; daysLeft: number } }
  | { type: 'achievement.granted'; payload: { achievementId: string; userId: string; ruleId: string; ruleName: string; rewardTokens: number } }
  | { type: 'wellbeing.alert'; payload: { companyId: string; alerts: { alertId: string; userId: string; stressScore: number }[] } }
  /** An inbound WhatsApp message was stored: analyse it, update the profile and alerts, queue the reply. */
  | { type: 'bot.message.received'; payload: { messageId: string } }
  /** The bot's reply (an outbound message not sent yet) is due: send it. */
  | { type: 'bot.reply.due'; payload: { messageId: string } }
  /** A level 3 account joined a company (HR added it, or its first sign-in matched the company's domain). */
  | { type: 'employee.created'; payload: EmployeeCreated }
  /** A person assigned tokens by hand (level 1's 'Agregar', HR's single or bulk assignment); not the monthly allowance. */
  | { type: 'tokens.assigned'; payload: TokensAssigned }
  /** HR or level 1 took a grant back (issue 38 E, decision 359): the person hears it in the bell. */
  | { type: 'tokens.reversed'; payload: TokensReversed }
  /** A company's monthly allowance of one token type was granted (the job or 'Asignar ahora'). */
  | { type: 'allowance.granted'; payload: { companyId: string; month: string; tokenType: TokenType; amountEach: number; employees: number } }
  /** A webhook endpoint failed for a day and was disabled: its owners hear it in the bell (issue 22 §2). */
  | { type: 'webhook.endpoint.disabled'; payload: { endpointId: string; companyId: string | null; url: string } }
  /** A check-in was claimed (bot/check-ins.ts): hand its template message to the transport. */
  | { type: 'bot.checkin.due'; payload: { checkInId: string } }
  /** Level 1 answered a company's bot configuration (decision 287): its HR hear it in the bell. */
  | { type: 'bot.request.decided'; payload: { requestId: string; companyId: string; approved: boolean; reason: string | null } };

export type EmployeeCreated = { userId: string; companyId: string; name: string; email: string; source: 'hr' | 'self' | 'import' };

export type TokensAssigned = {
  tokenType: TokenType;
  amount: number;
  reason: string;
  actorName: string;
  /** One per wallet credited; companyId is the employee's company (null for someone without one). */
  recipients: { userId: string; companyId: string | null; transferId: number }[];
};

export type TokensReversed = {
  /** The reversal's transfer, and the grant it takes back. */
  transferId: number;
  reversesTransferId: number;
  userId: string;
  companyId: string | null;
  tokenType: TokenType;
  amount: number;
  reason: string;
  actorName: string;
};

export type DomainEventType = DomainEvent['type'];

export type { LiveTopic };

/**
 * Who hears a live message: these users, the HR of these companies, the platform team. A caller
 * never hears about another company's data (issue 10, the SSE scope).
 */
export type LiveAudience = { userIds?: readonly string[]; hrOf?: readonly string[]; admins?: boolean };

export type LiveMessage = { topic: LiveTopic } & LiveAudience;
