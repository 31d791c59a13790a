/**
 * The employee dashboard's recommended benefits (spec part 2 §9: "recommendations 3, random if no survey or
 * preferences, otherwise matched by preference category, padded with others").
 */

export const RECOMMENDATION_COUNT = 3;

/** A benefit category as compared: free text from older records ('Comidas ') matches the id 'comidas'. */
export function normalizeCategory(category: string | null | undefined): string {
  return (category ?? '')
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '_');
}

/** Fisher–Yates on a copy; `random` is injected so the rule can be tested. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

type RecommendOptions = { count?: number; random?: () => number };

/**
 * Picks `count` benefits: first those of the preferred categories, taken in turns in the order the
 * employee ranked them (first choice, second, third, then first again…) so three preferences give
 * one benefit of each; then others to fill the row. Without preferences, any `count` at random.
 * Inside a category the pick is random, so the dashboard varies between visits. Throws nothing.
 */
export function pickRecommendations<T extends { category: string | null }>(
  candidates: readonly T[],
  preferences: readonly string[],
  { count = RECOMMENDATION_COUNT, random = Math.random }: RecommendOptions = {},
): T[] {
  const pool = shuffled(candidates, random);
  const ranked = [...new Set(preferences.map(normalizeCategory).filter(Boolean))];
  const queues = ranked.map((preference) => pool.filter((c) => normalizeCategory(c.category) === preference));
  const picked: T[] = [];
  while (picked.length < count && queues.some((q) => q.length > 0)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next && picked.length < count) picked.push(next);
    }
  }
  for (const candidate of pool) {
    if (picked.length >= count) break;
    if (!picked.includes(candidate)) picked.push(candidate);
  }
  return picked;
}
