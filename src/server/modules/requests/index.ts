/** The requests module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { approveRequest, rejectRequest } from './decisions';
export { listMyRequests } from './list';
export { requestRoutes } from './routes';
export { adminPendingRequests, adminRequestScope, ownCompanyBenefit } from './scopes';
