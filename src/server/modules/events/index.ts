/** The events module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { defineBatchRead, defineEventHandler, handles, type BatchRead, type EventContext, type EventHandler } from './handlers';
export { LiveHub, listenerFor } from './live';
export { OUTBOX_CHANNEL, publishLive, recordEvent, recordEvents, recordingOf, recordingSql, recordingValues } from './outbox';
export { eventRoutes } from './routes';
export { companyOfPayload, parseEvent, type DomainEvent, type DomainEventType, type RequestFacts, type TokensAssigned } from './types';
