/**
 * The wellbeing bot's rules shared by server and web (part 2 §3 "Bot config", §4 "Stress level by
 * score", §9): the alert threshold, the bands, the analysis frequencies and the default instructions (the phone
 * number rule is src/domain/phone.ts).
 */

/** A profile at or above this score raises an alert (part 2 §9). */
export const STRESS_ALERT_THRESHOLD = 7;
export const STRESS_SCORE_MIN = 1;
export const STRESS_SCORE_MAX = 10;

export const ANALYSIS_FREQUENCIES = ['daily', 'weekly', 'biweekly', 'monthly'] as const;
export type AnalysisFrequency = (typeof ANALYSIS_FREQUENCIES)[number];

export const ANALYSIS_FREQUENCY_LABELS: Record<AnalysisFrequency, string> = {
  daily: 'Diario',
  weekly: 'Semanal',
  biweekly: 'Quincenal',
  monthly: 'Mensual',
};

/** Length of one analysis period, in days (the profile's window and the trend chart's step). */
export const ANALYSIS_PERIOD_DAYS: Record<AnalysisFrequency, number> = { daily: 1, weekly: 7, biweekly: 14, monthly: 30 };

export type StressBand = 'high' | 'medium' | 'low' | 'none';

/** Part 2 §4: >= 7 Alto, 4–6 Medio, below 4 Bajo, no profile 'Sin datos'. */
export function stressBand(score: number | null | undefined): StressBand {
  if (score === null || score === undefined) return 'none';
  if (score >= STRESS_ALERT_THRESHOLD) return 'high';
  if (score >= 4) return 'medium';
  return 'low';
}

export const STRESS_BAND_LABELS: Record<StressBand, string> = { high: 'Alto', medium: 'Medio', low: 'Bajo', none: 'Sin datos' };

export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
export const SENTIMENT_LABELS: Record<Sentiment, string> = { positive: 'Positivo', neutral: 'Neutral', negative: 'Negativo' };

/**
 * Part 2 §9's default instructions, in its words. Its scale runs the other way from the stress score
 * ("under 4 notify HR immediately"): it is read as a wellbeing score, 11 − stress (decision 91).
 */
export const DEFAULT_BOT_INSTRUCTIONS = [
  'Contactar a los colaboradores entre las 10:00 y las 11:00 AM o entre las 3:00 y las 4:00 PM.',
  'Puntaje menor a 4: notificar a RR.HH. de inmediato.',
  'Puntaje entre 4 y 6: monitoreo frecuente.',
  'Puntaje mayor a 6: seguimiento regular.',
  '(Puntaje de bienestar de 1 a 10, donde 10 es el mejor: equivale a 11 menos el nivel de estrés.)',
].join('\n');

/** Tag lists of the configuration: at most this many, each at most this long. */
export const BOT_TAGS_MAX = 50;
export const BOT_TAG_LENGTH_MAX = 60;
export const BOT_INSTRUCTIONS_LENGTH_MAX = 5000;
export const BOT_ACTION_LENGTH_MAX = 2000;

/** The header WhatsApp signs every delivery with (HMAC-SHA256 of the raw body, app secret as key). */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Hub-Signature-256';
export const WEBHOOK_PATH = '/webhook/whatsapp';
