/** The me module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { publicConfigRoutes } from './config-routes';
export { meRoutes } from './routes';
