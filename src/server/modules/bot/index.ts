/** The bot module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { CHECK_IN_TICK_MINUTES, runCheckIns, sendCheckIn } from './check-ins';
export { botEventHandlers } from './event-handlers';
export { setEmployeePhone } from './hr';
export { analyseStoredMessage, ingestInbound, sendQueuedReply } from './ingest';
export { periodStartSql, runPeriodicBotAnalysis } from './periodic';
export { botRoutes } from './routes';
export { decideBotRequest, saveBotSettings, setBotAccess } from './settings';
export { createBotTransport, recordingTransport, templateMessage, type BotTransport } from './transport';
export { whatsappWebhookRoutes } from './webhook-routes';
