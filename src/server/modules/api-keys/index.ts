/** The api-keys module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { actorOfApiKey } from './authenticate';
export { apiKeyRoutes } from './routes';
