/** The webhooks module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { webhookAddressPolicy, type WebhookAddressPolicy } from './addresses';
export { deliverDueWebhooks } from './delivery';
export { webhookEventHandlers } from './event-handlers';
export { WEBHOOK_CHANNEL, activeEndpoints, fanOutWebhooks, type ActiveEndpoint } from './fan-out';
export { webhookRoutes } from './routes';
export { sealPlainSecrets, webhookSecretKey } from './secret-box';
