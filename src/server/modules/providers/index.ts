/** The providers module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { providerRoutes } from './routes';
export { activeProviderCondition, linkedProvider } from './service';
