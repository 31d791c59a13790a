/** The platform-benefits module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { platformBenefitRoutes } from './routes';
