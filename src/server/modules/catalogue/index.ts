/** The catalogue module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { catalogueRoutes } from './routes';
export { businessToday, companyBenefitInWindow, listPlatformItems } from './service';
