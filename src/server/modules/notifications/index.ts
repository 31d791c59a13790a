/** The notifications module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { notificationEventHandlers } from './event-handlers';
export { notificationRoutes } from './routes';
export { notifyDeadEvents, notifyEvent } from './service';
