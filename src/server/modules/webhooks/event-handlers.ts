/**
 * The webhooks' part in the outbox (decision 364): the deliveries of an event are written here,
 * after the change's COMMIT, and sent by delivery.ts.
 */
import { defineBatchRead, defineEventHandler } from '../events/index';
import { activeEndpoints, fanOutWebhooks } from './fan-out';

/** The active endpoints, read once per batch of events (decision 285). */
const endpoints = defineBatchRead('webhooks.activeEndpoints', activeEndpoints);

export const webhookEventHandlers = [
  defineEventHandler({
    name: 'webhooks.fanOut',
    types: '*',
    handle: async (tx, event, ctx) => {
      await fanOutWebhooks(tx, ctx.eventId, event, ctx.occurredAt, await ctx.shared(endpoints));
    },
  }),
];
