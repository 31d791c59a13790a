/**
 * The wellbeing bot's rules shared by server and web (spec part 2 §3 "Bot config", §4 "Stress level by
 * score", §9): the alert threshold, the bands, the analysis frequencies and the default instructions (the phone
 * number rule is src/domain/phone.ts).
 */
import { valuesOf } from './labelled';

/** A profile at or above this score raises an alert (spec part 2 §9). */
export const STRESS_ALERT_THRESHOLD = 7;
export const STRESS_SCORE_MIN = 1;
export const STRESS_SCORE_MAX = 10;

export const ANALYSIS_FREQUENCY_LABELS = { daily: 'Diario', weekly: 'Semanal', biweekly: 'Quincenal', monthly: 'Mensual' } as const;
export type AnalysisFrequency = keyof typeof ANALYSIS_FREQUENCY_LABELS;
export const ANALYSIS_FREQUENCIES = valuesOf(ANALYSIS_FREQUENCY_LABELS);

/** Length of one analysis period, in days (the profile's window and the trend chart's step). */
export const ANALYSIS_PERIOD_DAYS: Record<AnalysisFrequency, number> = { daily: 1, weekly: 7, biweekly: 14, monthly: 30 };

export type StressBand = 'high' | 'medium' | 'low' | 'none';

/** Spec part 2 §4: >= 7 Alto, 4–6 Medio, below 4 Bajo, no profile 'Sin datos'. */
export function stressBand(score: number | null | undefined): StressBand {
  if (score === null || score === undefined) return 'none';
  if (score >= STRESS_ALERT_THRESHOLD) return 'high';
  if (score >= 4) return 'medium';
  return 'low';
}

export const STRESS_BAND_LABELS: Record<StressBand, string> = { high: 'Alto', medium: 'Medio', low: 'Bajo', none: 'Sin datos' };

export const SENTIMENT_LABELS = { positive: 'Positivo', neutral: 'Neutral', negative: 'Negativo' } as const;
export type Sentiment = keyof typeof SENTIMENT_LABELS;
export const SENTIMENTS = valuesOf(SENTIMENT_LABELS);

/**
 * Spec part 2 §9's default instructions, in its words. Its scale runs the other way from the stress score
 * ("under 4 notify HR immediately"): it is read as a wellbeing score, 11 − stress (decision 91).
 */
export const DEFAULT_BOT_INSTRUCTIONS = [
  'Contactar a los colaboradores entre las 10:00 y las 11:00 o entre las 15:00 y las 16:00.',
  'Puntaje menor a 4: notificar a RR.HH. de inmediato.',
  'Puntaje entre 4 y 6: monitoreo frecuente.',
  'Puntaje mayor a 6: seguimiento regular.',
  '(Puntaje de bienestar de 1 a 10, donde 10 es el mejor: equivale a 11 menos el nivel de estrés.)',
].join('\n');

/**
 * The bot's check-ins: when Jobby starts a conversation. Windows are Chile's local time
 * (24-hour "HH:MM-HH:MM"); the defaults are the default instructions' two hours.
 */
export const CHECK_IN_TIME_ZONE = 'America/Santiago';
export const CHECK_IN_DEFAULT_WINDOWS = ['10:00-11:00', '15:00-16:00'];
export const CHECK_IN_WINDOWS_MAX = 4;
/** Someone who wrote to the bot this recently is not checked in on. */
export const CHECK_IN_QUIET_HOURS = 24;
/** WhatsApp's language code of the template, unless HR names another. */
export const CHECK_IN_DEFAULT_LANGUAGE = 'es';
export const CHECK_IN_WINDOW_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]|24):([0-5]\d)$/;

/**
 * When a check-in may go out at all (decision 357): Monday to Friday, 08:00–21:00 in
 * Chile. Windows are saved only inside these hours, and the job keeps to them whatever a stored
 * window says (configurations saved before the rule).
 */
export const CHECK_IN_EARLIEST_MINUTES = 8 * 60;
export const CHECK_IN_LATEST_MINUTES = 21 * 60;
/** What HR's form and level 1's approval screen say about it. */
export const CHECK_IN_HOURS_RULE = 'Los check-ins salen solo de lunes a viernes, entre las 08:00 y las 21:00 (hora de Chile).';

/** Whether `weekday` (1 Monday … 7 Sunday) and `minutes` since midnight, in Chile, are within the check-in hours. */
export function isCheckInTime(weekday: number, minutes: number): boolean {
  return weekday >= 1 && weekday <= 5 && minutes >= CHECK_IN_EARLIEST_MINUTES && minutes < CHECK_IN_LATEST_MINUTES;
}

/** Whether a parsed window lies inside the check-in hours. */
export function isWithinCheckInHours(window: { start: number; end: number }): boolean {
  return window.start >= CHECK_IN_EARLIEST_MINUTES && window.end <= CHECK_IN_LATEST_MINUTES;
}

/** Minutes since midnight of a window's start and end; null when the text is not a window that ends after it starts. */
export function parseCheckInWindow(text: string): { start: number; end: number } | null {
  const match = CHECK_IN_WINDOW_PATTERN.exec(text);
  if (!match) return null;
  const start = Number(match[1]) * 60 + Number(match[2]);
  const end = Number(match[3]) * 60 + Number(match[4]);
  return end > start && end <= 24 * 60 ? { start, end } : null;
}

/** A configuration HR saved is a bot request that level 1 answers (decision 242). */
export const BOT_REQUEST_STATUS_LABELS = { pending: 'Pendiente', approved: 'Aprobada', rejected: 'Rechazada', superseded: 'Reemplazada' } as const;
export type BotRequestStatus = keyof typeof BOT_REQUEST_STATUS_LABELS;
export const BOT_REQUEST_STATUSES = valuesOf(BOT_REQUEST_STATUS_LABELS);
export const BOT_REQUEST_REASON_LENGTH_MAX = 500;

/** Tag lists of the configuration: at most this many, each at most this long. */
export const BOT_TAGS_MAX = 50;
export const BOT_TAG_LENGTH_MAX = 60;
export const BOT_INSTRUCTIONS_LENGTH_MAX = 5000;
export const BOT_ACTION_LENGTH_MAX = 2000;

/** The header WhatsApp signs every delivery with (HMAC-SHA256 of the raw body, app secret as key). */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Hub-Signature-256';
export const WEBHOOK_PATH = '/webhook/whatsapp';
