/**
 * The profile surveys' options (spec part 2 §3, §9): ids as stored, with the Spanish names people read.
 * Used by the server (validation, level 1 reading) and the web (the survey screens) alike.
 * The spec gives the ids and what each is about; the Spanish wording is ours (decision 33).
 */

export const SURVEY_TYPES = ['A', 'B'] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];

/** Survey A has intro + three question steps (spec part 2 §9: "4 steps for A"). */
export const SURVEY_A_STEPS = 4;
export const SURVEY_B_STEPS = 5;
export const SURVEY_MAX_CATEGORIES = 3;
export const SURVEY_INTRO_ANIMATION_MS = 4000;
export const SURVEY_A_REDIRECT_MS = 3000;
export const SURVEY_B_REDIRECT_MS = 4000;
export const SURVEY_TYPE_B_REDIRECT_MS = 2000;
export const SURVEY_B_VERSION = 'experimental_v2';

type Option<Id extends string> = { id: Id; name: string; description: string };

export const GENERATIONAL_MEMORIES = [
  { id: 'sabados_gigantes', name: 'Sábados Gigantes', description: 'Las tardes de sábado frente a la tele con Don Francisco.', era: 'Baby Boomers / Gen X', color: '#E8590C' },
  { id: 'pokemon_yugioh', name: 'Pokémon y Yu-Gi-Oh!', description: 'Cartas, láminas y atrapar a todos en el recreo.', era: 'Millennials', color: '#F59F00' },
  { id: 'tiktok_reggaeton', name: 'TikTok y reggaetón', description: 'Bailes virales y playlists que no paran.', era: 'Gen Z', color: '#E64980' },
  { id: 'juegos_plazuela', name: 'Juegos en la plazuela', description: 'La pelota, el luche y volver a casa cuando se encendían las luces.', era: 'Gen X / Millennials', color: '#37B24D' },
  { id: 'streaming_netflix', name: 'Maratones de Netflix', description: 'Series completas en un fin de semana, sin comerciales.', era: 'Millennials / Gen Z', color: '#E03131' },
  { id: 'festival_vina', name: 'Festival de Viña', description: 'La Quinta Vergara, el monstruo y las antorchas.', era: 'Todas las generaciones', color: '#7048E8' },
] as const satisfies readonly (Option<string> & { era: string; color: string })[];
export type GenerationalMemoryId = (typeof GENERATIONAL_MEMORIES)[number]['id'];

// Survey A's categories step offers the catalogue's own benefit categories (spec part 2 §3 has one fixed
// list; a survey preference is matched against a benefit's category): BENEFIT_CATEGORIES lives in
// ./constants, and is not repeated here (decision 107).

// Spec part 2 §3 gives each level an emoji; the web draws it as an icon of its own (emoji
// showed as empty boxes without a colour-emoji font), keyed by the id (features/surveys/option-icons).
export const SATISFACTION_LEVELS = [
  { id: 'muy_insatisfecho', title: 'Muy insatisfecho', subtitle: 'Necesito un cambio', description: 'Mis beneficios actuales no me sirven para nada.', color: '#E03131' },
  { id: 'insatisfecho', title: 'Insatisfecho', subtitle: 'Podría ser mejor', description: 'Tengo algunos beneficios, pero no los que necesito.', color: '#F76707' },
  { id: 'neutral', title: 'Neutral', subtitle: 'Ni fu ni fa', description: 'Los uso de vez en cuando, sin mucha emoción.', color: '#868E96' },
  { id: 'satisfecho', title: 'Satisfecho', subtitle: 'Me gustan', description: 'Mis beneficios me acompañan bien en el día a día.', color: '#37B24D' },
  { id: 'muy_satisfecho', title: 'Muy satisfecho', subtitle: '¡Me encantan!', description: 'Mis beneficios son justo lo que quiero.', color: '#7048E8' },
] as const;
export type SatisfactionLevelId = (typeof SATISFACTION_LEVELS)[number]['id'];

// ───────── survey B (spec part 2 §3 "Survey B option data") ─────────

export const PERSONALITY_QUADRANTS = [
  { id: 'innovator', name: 'Innovador', description: 'Buscas ideas nuevas y te entusiasma probar', color: '#FCC419' },
  { id: 'analyzer', name: 'Analítico', description: 'Decides con datos y te gusta entender el porqué', color: '#22B8CF' },
  { id: 'collaborator', name: 'Colaborador', description: 'Das lo mejor en equipo y cuidas a las personas', color: '#51CF66' },
  { id: 'executor', name: 'Ejecutor', description: 'Te mueven las metas y sacar las cosas adelante', color: '#FF6B6B' },
] as const;
export type PersonalityId = (typeof PERSONALITY_QUADRANTS)[number]['id'];

export const BENEFIT_PRIORITIES = [
  { id: 'wellness', name: 'Bienestar' },
  { id: 'growth', name: 'Crecimiento profesional' },
  { id: 'flexibility', name: 'Flexibilidad' },
  { id: 'team', name: 'Equipo y comunidad' },
  { id: 'tech', name: 'Tecnología' },
  { id: 'rewards', name: 'Recompensas' },
] as const;
export type BenefitPriorityId = (typeof BENEFIT_PRIORITIES)[number]['id'];

export const LIFESTYLE_SLIDERS = [
  { id: 'work_life_balance', name: 'Equilibrio vida-trabajo', low: 'Todo al trabajo', high: 'Vida personal primero' },
  { id: 'social_interaction', name: 'Interacción social', low: 'Prefiero lo individual', high: 'Me encanta compartir' },
  { id: 'challenge_seeking', name: 'Búsqueda de desafíos', low: 'Prefiero lo conocido', high: 'Quiero retos nuevos' },
  { id: 'stability_preference', name: 'Preferencia por estabilidad', low: 'Me adapto a todo', high: 'Valoro la estabilidad' },
] as const;
export type LifestyleSliderId = (typeof LIFESTYLE_SLIDERS)[number]['id'];
export const LIFESTYLE_MIN = 0;
export const LIFESTYLE_MAX = 100;
export const LIFESTYLE_DEFAULT = 50;

export const TIMELINE_POINTS = [
  { id: '6_months', name: '6 meses' },
  { id: '1_year', name: '1 año' },
  { id: '2_years', name: '2 años' },
  { id: '3_years', name: '3 años' },
] as const;
export type TimelinePointId = (typeof TIMELINE_POINTS)[number]['id'];

export const CAREER_GOALS = [
  { id: 'promotion', name: 'Un ascenso' },
  { id: 'technical_skills', name: 'Nuevas habilidades técnicas' },
  { id: 'team_leadership', name: 'Liderar un equipo' },
  { id: 'area_change', name: 'Cambiar de área' },
  { id: 'entrepreneurship', name: 'Emprender' },
  { id: 'specialization', name: 'Especializarme' },
  { id: 'work_life_balance', name: 'Mejor equilibrio vida-trabajo' },
] as const;
export type CareerGoalId = (typeof CAREER_GOALS)[number]['id'];

/** The ids of a list of options, as a non-empty tuple for `z.enum`. */
export function idsOf<T extends readonly { id: string }[]>(options: T): [T[number]['id'], ...T[number]['id'][]] {
  return options.map((o) => o.id) as [T[number]['id'], ...T[number]['id'][]];
}

/** The Spanish name of an option id, or the id itself when it is not (or no longer) an option. */
export function optionName(options: readonly { id: string; name?: string; title?: string }[], id: string): string {
  const option = options.find((o) => o.id === id);
  return option?.name ?? option?.title ?? id;
}

// ───────── texts (spec part 2 §5, §8; the ones the spec leaves open are ours) ─────────

export const SURVEY_TEXTS = {
  generationalRequired: 'Por favor selecciona un recuerdo que te identifique.',
  categoriesRequired: 'Por favor selecciona al menos una categoría de tu preferencia.',
  satisfactionRequired: 'Por favor selecciona tu nivel de satisfacción actual.',
  saveFailedA: (message: string) => `Error al guardar tus preferencias: ${message}`,
  saveFailedB: 'Error al guardar tus respuestas. Intenta nuevamente.',
  noUserId: 'No se pudo obtener el ID del usuario',
  checking: 'Verificando tu perfil...',
  saving: 'Guardando...',
  completedB: 'Análisis Avanzado Completado',
} as const;
