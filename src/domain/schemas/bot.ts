/**
 * The wellbeing bot's contract (spec part 1 §2 "Bot management", spec part 2 §2 "Bot messaging", §3): level 1's
 * access per company, HR's configuration, profiles, conversations, alerts and analytics.
 */
import { z } from './zod';
import {
  ANALYSIS_FREQUENCIES,
  BOT_ACTION_LENGTH_MAX,
  BOT_REQUEST_REASON_LENGTH_MAX,
  BOT_REQUEST_STATUSES,
  CHECK_IN_DEFAULT_LANGUAGE,
  CHECK_IN_DEFAULT_WINDOWS,
  CHECK_IN_WINDOWS_MAX,
  isWithinCheckInHours,
  parseCheckInWindow,
  BOT_INSTRUCTIONS_LENGTH_MAX,
  BOT_TAG_LENGTH_MAX,
  BOT_TAGS_MAX,
  SENTIMENTS,
} from '../bot';
import { RECORD_STATUSES } from '../constants';
import { errorMessage } from '../errors';
import { pageQuery } from './fields';
import { phoneSchema } from './phone';

const id = z.string().min(1).max(200);

/** Tags: trimmed, lower-cased, blanks and repeats dropped. */
const tags = z
  .array(z.string().trim().max(BOT_TAG_LENGTH_MAX), { error: 'Ingresa una lista de palabras' })
  .max(BOT_TAGS_MAX, `Como máximo ${BOT_TAGS_MAX} palabras`)
  .transform((list) => [...new Set(list.map((tag) => tag.toLowerCase()).filter((tag) => tag !== ''))]);

const windowInvalid = errorMessage('CHECK_IN_WINDOW_INVALID');
/** Stands in for a malformed window in the hours check: the refinement before it already refused it. */
const CHECKED_ABOVE = { start: 8 * 60, end: 8 * 60 };
/** Check-in windows: "HH:MM-HH:MM" in Chile's time within 08:00–21:00, spaces and en dashes forgiven, repeats dropped. */
const checkInWindows = z
  .array(z.string().transform((text) => text.replace(/\s+/g, '').replace(/[–—]/g, '-')), { error: windowInvalid })
  .max(CHECK_IN_WINDOWS_MAX, `Como máximo ${CHECK_IN_WINDOWS_MAX} horarios`)
  .transform((list) => [...new Set(list.filter((text) => text !== ''))])
  .refine((list) => list.every((text) => parseCheckInWindow(text) !== null), windowInvalid)
  // Only working hours (decision 357): a window reaching into the night is refused, not trimmed.
  .refine((list) => list.every((text) => isWithinCheckInHours(parseCheckInWindow(text) ?? CHECKED_ABOVE)), errorMessage('CHECK_IN_WINDOW_OUTSIDE_HOURS'));

export const botConfigInputSchema = z
  .object({
    botEnabled: z.boolean(),
    whatsappNumber: phoneSchema,
    analysisFrequency: z.enum(ANALYSIS_FREQUENCIES),
    stressKeywords: tags,
    wellbeingIndicators: tags,
    instructions: z.string().trim().max(BOT_INSTRUCTIONS_LENGTH_MAX),
    /** Meta's name of the approved template that opens a check-in; empty: the bot only answers. */
    checkInTemplate: z
      .string()
      .trim()
      .max(512)
      .regex(/^[a-z0-9_]*$/, errorMessage('CHECK_IN_TEMPLATE_INVALID'))
      .default(''),
    checkInLanguage: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, errorMessage('CHECK_IN_LANGUAGE_INVALID'))
      .default(CHECK_IN_DEFAULT_LANGUAGE),
    checkInWindows: checkInWindows.default(CHECK_IN_DEFAULT_WINDOWS),
  })
  .refine((config) => !config.botEnabled || config.whatsappNumber !== null, {
    path: ['whatsappNumber'],
    message: errorMessage('BOT_NUMBER_REQUIRED'),
  });
export type BotConfigInput = z.input<typeof botConfigInputSchema>;
export type BotConfigValues = z.output<typeof botConfigInputSchema>;

export const botSettingsSchema = z.object({
  /** Level 1's access: without it HR's switch stays off and the webhook ignores the company. */
  access: z.boolean(),
  accessSince: z.string().nullable(),
  botEnabled: z.boolean(),
  whatsappNumber: z.string().nullable(),
  analysisFrequency: z.enum(ANALYSIS_FREQUENCIES),
  stressKeywords: z.array(z.string()),
  wellbeingIndicators: z.array(z.string()),
  instructions: z.string(),
  checkInTemplate: z.string(),
  checkInLanguage: z.string(),
  checkInWindows: z.array(z.string()),
  lastSavedAt: z.string().nullable(),
  /** Whether the bot runs now: the approved configuration's switch and level 1's access. */
  activeNow: z.boolean(),
  /** HR's latest request and level 1's answer (decision 242); null before the first save. */
  request: z
    .object({ status: z.enum(BOT_REQUEST_STATUSES), createdAt: z.string(), decidedAt: z.string().nullable(), reason: z.string().nullable() })
    .nullable(),
  /** Whether WhatsApp works for this company, in facts HR can act on (decision 243). */
  connection: z.object({
    /** Jobby's WhatsApp sending is set up (level 1's side). */
    canSend: z.boolean(),
    lastInboundAt: z.string().nullable(),
    lastOutboundAt: z.string().nullable(),
    lastOutboundFailed: z.boolean(),
  }),
});
export type BotSettings = z.infer<typeof botSettingsSchema>;

// ───────── level 1 ─────────

export const botAccessCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(RECORD_STATUSES),
  botEnabled: z.boolean(),
  botEnabledAt: z.string().nullable(),
  /** HR's own switch (meaningful only while access is on). */
  hrBotEnabled: z.boolean(),
  /** The company's level 2 and 3 accounts. */
  userCount: z.number().int(),
});
export type BotAccessCompany = z.infer<typeof botAccessCompanySchema>;

export const botAccessListSchema = z.object({
  items: z.array(botAccessCompanySchema),
  total: z.number().int(),
  /** Over every company, whatever the search: the screen's stat cards. */
  stats: z.object({ total: z.number().int(), enabled: z.number().int(), disabled: z.number().int() }),
});
export type BotAccessList = z.infer<typeof botAccessListSchema>;

export const botAccessListQuerySchema = z.object({ search: z.string().trim().max(200).optional(), ...pageQuery });

/** A saved configuration waiting for (or given) level 1's answer. */
export const botRequestSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  status: z.enum(BOT_REQUEST_STATUSES),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  config: z.object({
    botEnabled: z.boolean(),
    whatsappNumber: z.string().nullable(),
    analysisFrequency: z.enum(ANALYSIS_FREQUENCIES),
    stressKeywords: z.array(z.string()),
    wellbeingIndicators: z.array(z.string()),
    checkInTemplate: z.string(),
    checkInLanguage: z.string(),
    checkInWindows: z.array(z.string()),
  }),
  instructions: z.string(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  reason: z.string().nullable(),
});
export type BotRequest = z.infer<typeof botRequestSchema>;
export const botRequestListSchema = z.object({ items: z.array(botRequestSchema), total: z.number().int() });
export type BotRequestList = z.infer<typeof botRequestListSchema>;
export const botRequestListQuerySchema = z.object({ status: z.enum(['pending', 'decided']).default('pending'), search: z.string().trim().max(200).optional(), ...pageQuery });

const reasonRequired = errorMessage('BOT_REQUEST_REASON_REQUIRED');
export const botRequestRejectBodySchema = z.object({
  reason: z.string({ error: reasonRequired }).trim().min(1, reasonRequired).max(BOT_REQUEST_REASON_LENGTH_MAX, `El motivo puede tener hasta ${BOT_REQUEST_REASON_LENGTH_MAX} caracteres`),
});
export type BotRequestRejectInput = z.input<typeof botRequestRejectBodySchema>;
export const botAccessBodySchema = z.object({ enabled: z.boolean() });

// ───────── level 2: profiles ─────────

export const profileListQuerySchema = z.object({ search: z.string().trim().max(200).optional(), ...pageQuery });

export const employeeProfileSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  stressScore: z.number().int().nullable(),
  lastContact: z.string().nullable(),
  conversationCount: z.number().int(),
  /** The latest check-in Jobby started, and whether the employee wrote after it. */
  lastCheckInAt: z.string().nullable(),
  lastCheckInAnswered: z.boolean().nullable(),
});
export type EmployeeProfile = z.infer<typeof employeeProfileSchema>;

export const botMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  body: z.string(),
  sentAt: z.string(),
  stressScore: z.number().int().nullable(),
  detectedKeywords: z.array(z.string()),
  sentiment: z.enum(SENTIMENTS).nullable(),
  requiresAttention: z.boolean(),
  deliveryStatus: z.enum(['sent', 'not_sent', 'failed']).nullable(),
  deliveryNote: z.string().nullable(),
});
export type BotMessage = z.infer<typeof botMessageSchema>;

const conversationSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  lastMessageAt: z.string(),
  stressScore: z.number().int().nullable(),
  requiresAttention: z.boolean(),
  messages: z.array(botMessageSchema),
});

/** A check-in as HR sees it: when, which template, and what the transport did. */
const checkInSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  template: z.string(),
  language: z.string(),
  deliveryStatus: z.enum(['sent', 'not_sent', 'failed']).nullable(),
  answered: z.boolean(),
});

/** One employee's profile and a page of their conversations, newest first. */
export const profileDetailSchema = z.object({
  profile: employeeProfileSchema,
  /** The latest check-ins (at most 5), newest first. */
  checkIns: z.array(checkInSchema),
  conversations: z.array(conversationSchema),
  total: z.number().int(),
});
export type ProfileDetail = z.infer<typeof profileDetailSchema>;
export const profileDetailQuerySchema = z.object(pageQuery);

export const userIdParamsSchema = z.object({ id });
export const employeePhoneBodySchema = z.object({ phone: phoneSchema });
export type EmployeePhoneInput = z.input<typeof employeePhoneBodySchema>;

// ───────── level 2: alerts and analytics ─────────

const ALERT_STATUSES = ['open', 'handled'] as const;
export const alertListQuerySchema = z.object({ status: z.enum([...ALERT_STATUSES, 'all']).default('all'), ...pageQuery });

export const botAlertSchema = z.object({
  id: z.string(),
  userId: z.string(),
  employeeName: z.string(),
  employeeEmail: z.string(),
  stressScore: z.number().int(),
  raisedAt: z.string(),
  status: z.enum(ALERT_STATUSES),
  actionTaken: z.string().nullable(),
  handledByName: z.string().nullable(),
  handledAt: z.string().nullable(),
});
export type BotAlert = z.infer<typeof botAlertSchema>;
export const botAlertListSchema = z.object({ items: z.array(botAlertSchema), total: z.number().int(), openCount: z.number().int() });
export type BotAlertList = z.infer<typeof botAlertListSchema>;

const actionRequired = errorMessage('ACTION_REQUIRED');
export const alertActionBodySchema = z.object({
  actionTaken: z
    .string({ error: actionRequired })
    .trim()
    .min(1, actionRequired)
    .max(BOT_ACTION_LENGTH_MAX, `La acción puede tener hasta ${BOT_ACTION_LENGTH_MAX} caracteres`),
});
export type AlertActionInput = z.input<typeof alertActionBodySchema>;

export const botAnalyticsSchema = z.object({
  analysisFrequency: z.enum(ANALYSIS_FREQUENCIES),
  periodStart: z.string(),
  /** Mean of the company's profile scores (employees with data). */
  averageScore: z.number().nullable(),
  employeesOnAlert: z.number().int(),
  conversationsThisPeriod: z.number().int(),
  /** Past analysed periods, oldest first (at most 12). */
  trend: z.array(z.object({ periodStart: z.string(), averageScore: z.number().nullable(), employeesOnAlert: z.number().int(), conversations: z.number().int() })),
});
export type BotAnalytics = z.infer<typeof botAnalyticsSchema>;
