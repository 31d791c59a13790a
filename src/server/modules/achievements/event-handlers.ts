/** The achievements' part in the outbox (decision 364): a used code may unlock an achievement. */
import { defineBatchRead, defineEventHandler } from '../events/index';
import { activeRules, evaluateAchievements } from './engine';

/** The active rules, read once per batch of events (decision 285). */
const rules = defineBatchRead('achievements.activeRules', activeRules);

export const achievementEventHandlers = [
  defineEventHandler({
    name: 'achievements.evaluate',
    types: ['code.used'],
    handle: async (tx, event, ctx) => {
      await evaluateAchievements(tx, event.payload, await ctx.shared(rules));
    },
  }),
];
