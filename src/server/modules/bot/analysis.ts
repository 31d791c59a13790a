/**
 * The stress analysis of one message (decision 91): Spanish, offline, deterministic.
 *
 * score = clamp(round(3 + stress − min(calm, stress / 2 when there is stress) − nlp.js sentiment), 1, 10)
 *  - our lexicon of stress and calm words and phrases (Chilean slang included), matched on
 *    lower-cased text without accents, stems matching their endings (`estres` → estresada, estrés);
 *  - the company's stressKeywords weigh as strong stress words, its wellbeingIndicators as calm ones;
 *  - an intensifier just before a word (muy, demasiado, súper, harto, re…) multiplies it by 1.5;
 *  - a negation up to three words before (no, nunca, ni, sin, tampoco, jamás) turns a stress word
 *    into a mildly calm one ('no estoy estresado') and a calm word into stress ('no estoy bien');
 *  - calm words soften a message with stress words by at most half of their weight (mixed stays mixed);
 *  - nlp.js's Spanish sentiment (`@nlpjs/sentiment`, SentiCon lexicon) adds at most ±1.
 * A message with nothing to go on stays at 3 (Bajo). requiresAttention = score ≥ the alert threshold.
 */
import { Container } from '@nlpjs/core';
import { LangEs } from '@nlpjs/lang-es';
import { SentimentAnalyzer } from '@nlpjs/sentiment';
import { STRESS_ALERT_THRESHOLD, STRESS_SCORE_MAX, STRESS_SCORE_MIN, type Sentiment } from '#domain/bot';

type MessageAnalysis = {
  stressScore: number;
  detectedKeywords: string[];
  sentiment: Sentiment;
  requiresAttention: boolean;
};

type AnalysisKeywords = { stressKeywords?: readonly string[]; wellbeingIndicators?: readonly string[] };

/** A word or phrase; each part is a stem (matches any ending) unless it ends with `$` (whole word). */
type Term = { parts: string[]; weight: number; text: string };

const BASE_SCORE = 3;
const NEGATION_REACH = 3;
const INTENSIFIER_FACTOR = 1.5;
const NLP_LIMIT = 1;
const COMPANY_STRESS_WEIGHT = 3;
const COMPANY_CALM_WEIGHT = 2;

const NEGATORS = new Set(['no', 'nunca', 'ni', 'sin', 'tampoco', 'jamas', 'nada']);
const INTENSIFIERS = new Set(['muy', 'demasiado', 'demasiada', 'super', 'tan', 'harto', 'harta', 'hartos', 'hartas', 're', 'mucho', 'mucha', 'extremadamente', 'totalmente', 'sumamente', 'bien', 'bastante', 'terriblemente']);

/** Stress (positive weight) and calm (negative weight) words and phrases, already without accents. */
const LEXICON: Array<[string, number]> = [
  // strong stress
  ['estres', 4], ['colaps', 4], ['burnout', 4], ['quemad', 3], ['agobi', 4], ['angusti', 4], ['ansiedad$', 4], ['ansios', 3],
  ['panico$', 4], ['no doy mas$', 5], ['no puedo mas$', 5], ['no aguanto', 4], ['desesperad', 4], ['deprimid', 4], ['depresion$', 4],
  ['crisis$', 3], ['sobrepasad', 4], ['al limite$', 4], ['reventad', 3], ['chato$', 3], ['chata$', 3], ['chorea', 3], ['hasta la tusa$', 4],
  ['me quiero morir$', 6], ['renunci', 3], ['llor', 3], ['insomnio$', 3], ['no duermo$', 3], ['no puedo dormir$', 3], ['sin dormir$', 3],
  ['no he dormido$', 3], ['fatal$', 3], ['horrible$', 3], ['pesim', 3], ['agotad', 3], ['agotamiento$', 3], ['sobrecarg', 3], ['frustrad', 3],
  ['frustracion$', 3], ['triste', 3], ['tristeza$', 3], ['acosa', 4], ['maltrat', 4], ['humill', 4], ['explota', 3], ['estoy harto$', 3], ['estoy harta$', 3],
  // moderate stress
  ['cansad', 3], ['cansancio$', 2], ['presion', 2], ['preocupad', 2], ['preocupa', 2], ['nervios', 2], ['tenso$', 2], ['tensa$', 2], ['tension$', 2],
  ['horas extra', 1], ['mal$', 2], ['molest', 2], ['enoja', 2], ['cabread', 2], ['dolor de cabeza$', 2], ['sin tiempo$', 2], ['complicad', 1],
  ['aburrid', 1], ['sueno$', 1], ['atrasad', 1], ['plazo', 1], ['urgente', 1], ['dificil', 1], ['pesad', 1],
  // calm
  ['tranqui', -2], ['relajad', -2], ['feliz$', -2], ['felices$', -2], ['content', -2], ['bien$', -1], ['motivad', -2], ['descansad', -2],
  ['la raja$', -2], ['bacan', -2], ['filete$', -2], ['agradecid', -1], ['genial$', -2], ['excelente$', -2], ['alegre', -2], ['en paz$', -2],
  ['buena onda$', -1], ['piola$', -1], ['perfecto$', -1], ['tranquilidad$', -2], ['equilibrio$', -1], ['disfrut', -2], ['energia$', -1],
];

/** Lower case, no accents, letters and digits only, a letter repeated three or more times once ('siiii'). */
function normaliseText(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9ñ]+/g, ' ')
    .replace(/([a-z])\1{2,}/g, '$1')
    .trim()
    .split(' ')
    .filter((token) => token !== '');
}

function term(source: string, weight: number): Term {
  const wholeLast = source.endsWith('$');
  const words = normaliseText(source.replace(/\$$/, ''));
  const parts = words.map((word, i) => (i === words.length - 1 && wholeLast ? `${word}$` : `${word}`));
  // In a phrase, every word but the last is a whole word ('no doy mas').
  return { parts: parts.map((part, i) => (i < parts.length - 1 && !part.endsWith('$') ? `${part}$` : part)), weight, text: words.join(' ') };
}

const BUILT_IN_TERMS = LEXICON.map(([source, weight]) => term(source, weight));

function matchesAt(tokens: string[], at: number, t: Term): boolean {
  if (at + t.parts.length > tokens.length) return false;
  return t.parts.every((part, k) => (part.endsWith('$') ? tokens[at + k] === part.slice(0, -1) : tokens[at + k].startsWith(part)));
}

let analyzer: SentimentAnalyzer | null = null;
function sentimentAnalyzer(): SentimentAnalyzer {
  if (!analyzer) {
    const container = new Container();
    container.use(LangEs);
    analyzer = new SentimentAnalyzer({ language: 'es' }, container);
  }
  return analyzer;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Analyses one inbound message (never throws; an empty text is a calm 3). */
export async function analyseMessage(text: string, keywords: AnalysisKeywords = {}): Promise<MessageAnalysis> {
  const tokens = normaliseText(text);
  const companyTerms = [
    ...(keywords.stressKeywords ?? []).map((word) => term(word, COMPANY_STRESS_WEIGHT)),
    ...(keywords.wellbeingIndicators ?? []).map((word) => term(word, -COMPANY_CALM_WEIGHT)),
  ].filter((t) => t.parts.length > 0);
  // Longer phrases first, so 'no doy más' is one stress phrase and not a negated 'doy'.
  const terms = [...companyTerms, ...BUILT_IN_TERMS].sort((a, b) => b.parts.length - a.parts.length);

  let stress = 0;
  let calm = 0;
  const detected = new Set<string>();
  for (let i = 0; i < tokens.length; ) {
    const hit = terms.find((t) => matchesAt(tokens, i, t));
    if (!hit) {
      i += 1;
      continue;
    }
    const before = tokens.slice(Math.max(0, i - NEGATION_REACH), i);
    const negated = !hit.text.startsWith('no ') && !hit.text.startsWith('sin ') && before.some((token) => NEGATORS.has(token));
    const intensified = i > 0 && INTENSIFIERS.has(tokens[i - 1]) ? INTENSIFIER_FACTOR : 1;
    if (hit.weight > 0) {
      if (negated) calm += 1;
      else {
        stress += hit.weight * intensified;
        detected.add(hit.text);
      }
    } else if (negated) {
      // 'no estoy bien', 'no me siento tranquila': the opposite of calm.
      stress += -hit.weight + 1;
      detected.add(`no ${hit.text}`);
    } else {
      calm += -hit.weight * intensified;
    }
    i += hit.parts.length;
  }

  const nlp = tokens.length > 0 ? (await sentimentAnalyzer().process({ locale: 'es', text })).sentiment.score : 0;
  // A calm word softens a stressed message but does not erase it ('cansada pero contenta' is mixed).
  const raw = stress - (stress > 0 ? Math.min(calm, stress / 2) : calm) - clamp(nlp, -NLP_LIMIT, NLP_LIMIT);

  const stressScore = clamp(Math.round(BASE_SCORE + raw), STRESS_SCORE_MIN, STRESS_SCORE_MAX);
  const sentiment: Sentiment = raw <= -0.5 ? 'positive' : raw >= 0.5 ? 'negative' : 'neutral';
  return { stressScore, detectedKeywords: [...detected], sentiment, requiresAttention: stressScore >= STRESS_ALERT_THRESHOLD };
}
