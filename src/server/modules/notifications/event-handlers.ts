/** The bell's part in the outbox (decision 364): every event may write notifications (service.ts). */
import { defineEventHandler } from '../events/index';
import { notifyEvent } from './service';

export const notificationEventHandlers = [
  defineEventHandler({
    name: 'notifications.notify',
    types: '*',
    handle: (tx, event, ctx) => notifyEvent(tx, ctx.eventId, event),
  }),
];
