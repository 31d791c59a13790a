/**
 * The wellbeing bot's contract (part 1 §2 "Bot management", part 2 §2 "Bot messaging", §3): level 1's
 * access per company, HR's configuration, profiles, conversations, alerts and analytics.
 */
import { z } from './zod';
import {
  ANALYSIS_FREQUENCIES,
  BOT_ACTION_LENGTH_MAX,
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

export const botConfigInputSchema = z
  .object({
    botEnabled: z.boolean(),
    whatsappNumber: phoneSchema,
    analysisFrequency: z.enum(ANALYSIS_FREQUENCIES),
    stressKeywords: tags,
    wellbeingIndicators: tags,
    instructions: z.string().trim().max(BOT_INSTRUCTIONS_LENGTH_MAX),
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
  /** Where WhatsApp Cloud API must deliver, and the header that signs each delivery. */
  webhookUrl: z.string(),
  signatureHeader: z.string(),
  lastSavedAt: z.string().nullable(),
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

/** One employee's profile and a page of their conversations, newest first. */
export const profileDetailSchema = z.object({
  profile: employeeProfileSchema,
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
  actionTaken: z.string({ error: actionRequired }).trim().min(1, actionRequired).max(BOT_ACTION_LENGTH_MAX),
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
