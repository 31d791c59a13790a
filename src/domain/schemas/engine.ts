/**
 * Contracts of the engine (decision 80): achievement rules and their analysis, the notifications of the bell, and the
 * monthly allowance.
 */
import { z } from './zod';
import { valuesOf } from '../labelled';
import { count, pageQuery } from './fields';
import { NOTIFICATION_TYPES } from '../notifications';
import { TOKEN_TYPES } from '../constants';

// ───────── achievements (spec part 1 §5, §9) ─────────

/** The condition types, with their Spanish labels (the form's select and the table). */
export const CONDITION_LABELS = {
  same_provider_timeframe: 'Canje conjunto en el mismo proveedor',
  tokens_used_count: 'Cantidad de códigos usados',
  consecutive_days: 'Días consecutivos de uso',
  first_company_user: 'Primero de su empresa en un proveedor',
  weekend_usage: 'Uso en fin de semana',
} as const;
export type AchievementConditionType = keyof typeof CONDITION_LABELS;
export const ACHIEVEMENT_CONDITION_TYPES = valuesOf(CONDITION_LABELS);

/** Spec part 1 §9: the form's defaults and the time window's bounds. */
export const ACHIEVEMENT_DEFAULTS = { minutes: 40, minUsers: 2, rewardTokens: 5 } as const;
const ACHIEVEMENT_LIMITS = { minutes: [1, 120], minUsers: [2, 10], consecutiveDays: [2, 30] } as const;

/** Spec part 1 §5's rules, with their messages (decision 82: the spec gives only 'Error al crear la regla'). */
const RULE_MESSAGES = {
  name: 'El nombre es obligatorio',
  description: 'La descripción es obligatoria',
  minutes: 'Los minutos deben estar entre 1 y 120',
  minUsers: 'El mínimo de usuarios debe estar entre 2 y 10',
  count: 'El valor debe ser al menos 1',
  days: 'Los días deben estar entre 2 y 30',
  reward: 'La recompensa debe ser 0 o más tokens',
} as const;

export const achievementRuleInputSchema = z
  .object({
    name: z.string().trim().min(1, RULE_MESSAGES.name).max(120),
    description: z.string().trim().min(1, RULE_MESSAGES.description).max(500),
    conditionType: z.enum(ACHIEVEMENT_CONDITION_TYPES),
    conditionValue: count({ error: RULE_MESSAGES.count }).nullable().optional(),
    conditionMinUsers: count({ error: RULE_MESSAGES.minUsers }).nullable().optional(),
    rewardTokens: count({ error: RULE_MESSAGES.reward }).min(0, RULE_MESSAGES.reward).max(100_000).default(ACHIEVEMENT_DEFAULTS.rewardTokens),
  })
  .superRefine((rule, ctx) => {
    const need = (path: 'conditionValue' | 'conditionMinUsers', ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    const value = rule.conditionValue ?? null;
    const within = (n: number | null, [min, max]: readonly [number, number]) => n !== null && n >= min && n <= max;
    const { minutes, minUsers, consecutiveDays } = ACHIEVEMENT_LIMITS;
    switch (rule.conditionType) {
      case 'same_provider_timeframe':
        need('conditionValue', within(value, minutes), RULE_MESSAGES.minutes);
        need('conditionMinUsers', within(rule.conditionMinUsers ?? 0, minUsers), RULE_MESSAGES.minUsers);
        break;
      case 'tokens_used_count':
        need('conditionValue', value !== null && value >= 1, RULE_MESSAGES.count);
        break;
      case 'consecutive_days':
        need('conditionValue', within(value, consecutiveDays), RULE_MESSAGES.days);
        break;
      default:
        break;
    }
  });
export type AchievementRuleInput = z.input<typeof achievementRuleInputSchema>;

export const achievementRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  conditionType: z.enum(ACHIEVEMENT_CONDITION_TYPES),
  conditionValue: z.number().int().nullable(),
  conditionMinUsers: z.number().int().nullable(),
  rewardTokens: z.number().int(),
  status: z.enum(['active', 'inactive']),
  grants: z.number().int(),
  createdAt: z.string(),
});
export type AchievementRule = z.infer<typeof achievementRuleSchema>;

export const ruleListQuerySchema = z.object(pageQuery);
/** 'Hoy la cumplirían': the rule as typed in the form, and the rule being edited if any (decisions 204 and 205). */
export const ruleQualifyingInputSchema = z.object({
  conditionType: z.enum(ACHIEVEMENT_CONDITION_TYPES),
  conditionValue: z.number().int().min(1).max(100_000).nullable().optional(),
  conditionMinUsers: z.number().int().min(2).max(10).nullable().optional(),
  ruleId: z.string().uuid().optional(),
});
export const ruleQualifyingSchema = z.object({
  /** People whose committed history meets the condition now and who have not received the rule. */
  qualifyNow: z.number().int(),
  /** People who already received it (the rule being edited): never granted again. */
  alreadyRewarded: z.number().int(),
});
export type RuleQualifying = z.infer<typeof ruleQualifyingSchema>;
export const ruleStatusBodySchema = z.object({ status: z.enum(['active', 'inactive']) });

/** 'Análisis Reciente': the last 7 days (spec part 1 §9). */
export const ANALYSIS_WINDOW_DAYS = 7;
export const achievementAnalysisSchema = z.object({
  windowMinutes: z.number().int(),
  jointGroups: z.array(
    z.object({ companyName: z.string(), providerName: z.string(), startedAt: z.string(), users: z.number().int(), uses: z.number().int() }),
  ),
  weekendUses: z.number().int(),
  grantsPerRule: z.array(z.object({ ruleId: z.string(), ruleName: z.string(), grants: z.number().int(), tokens: z.number().int() })),
});
export type AchievementAnalysis = z.infer<typeof achievementAnalysisSchema>;

// ───────── notifications (the bell) ─────────

export const notificationListQuerySchema = z.object(pageQuery);
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  read: z.boolean(),
  /** Its subject no longer needs the reader (a request someone already decided): shown as done. */
  resolved: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const unreadCountSchema = z.object({ unread: z.number().int() });

// ───────── monthly allowance ─────────

const MONTHLY_ALLOWANCE_MAX = 10_000;
export const ALLOWANCE_MESSAGE = 'La asignación mensual debe estar entre 0 y 10.000 tokens';
export const monthlyAllowanceAmount = count({ error: ALLOWANCE_MESSAGE }).min(0, ALLOWANCE_MESSAGE).max(MONTHLY_ALLOWANCE_MAX, ALLOWANCE_MESSAGE);
export const monthlyAllowanceInputSchema = z.object({ amount: monthlyAllowanceAmount });
export const monthlyAllowanceSchema = z.object({
  amount: z.number().int(),
  month: z.string(),
  monthLabel: z.string(),
  grantedThisMonth: z.boolean(),
  activeEmployees: z.number().int(),
});
export type MonthlyAllowance = z.infer<typeof monthlyAllowanceSchema>;
export const monthlyGrantResultSchema = z.object({
  granted: z.boolean(),
  month: z.string(),
  tokenType: z.enum(TOKEN_TYPES),
  employees: z.number().int(),
  amountEach: z.number().int(),
  message: z.string(),
});
export type MonthlyGrantResult = z.infer<typeof monthlyGrantResultSchema>;
