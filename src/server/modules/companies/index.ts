/** The companies module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { companyRoutes } from './routes';
export { findCompanyByEmailDomain, foreignDomainsAmong } from './service';
