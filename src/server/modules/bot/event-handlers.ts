/**
 * The bot's part in the outbox (decision 364): analyse an inbound message, and hand replies and
 * check-ins to the transport — the two that send outside close their batch (decision 285).
 */
import { defineEventHandler } from '../events/index';
import { sendCheckIn } from './check-ins';
import { analyseStoredMessage, sendQueuedReply } from './ingest';
import type { BotTransport } from './transport';

export function botEventHandlers(transport: BotTransport) {
  return [
    defineEventHandler({
      name: 'bot.analyse',
      types: ['bot.message.received'],
      handle: async (tx, event) => {
        await analyseStoredMessage(tx, event.payload.messageId);
      },
    }),
    defineEventHandler({
      name: 'bot.reply',
      types: ['bot.reply.due'],
      sendsOutside: true,
      handle: async (tx, event) => {
        await sendQueuedReply(tx, event.payload.messageId, transport);
      },
    }),
    defineEventHandler({
      name: 'bot.checkIn',
      types: ['bot.checkin.due'],
      sendsOutside: true,
      handle: async (tx, event) => {
        await sendCheckIn(tx, event.payload.checkInId, transport);
      },
    }),
  ];
}
