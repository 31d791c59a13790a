/** The achievements module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { activeRules, evaluateAchievements, type Rule } from './engine';
export { achievementEventHandlers } from './event-handlers';
export { achievementRoutes } from './routes';
