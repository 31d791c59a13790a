/**
 * Outbound WhatsApp messages (replies and check-ins) go through one interface: the default records
 * them as not sent; with WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID set, WhatsApp Cloud API
 * sends them (POST {api}/{phone-number-id}/messages, Bearer token).
 */
import type { WhatsappConfig } from '../../config';

export type OutboundResult = { status: 'sent' | 'not_sent' | 'failed'; note: string | null };

export type BotTransport = {
  /** Sends a text to a number in E.164 or WhatsApp's digits; never throws (the result says what happened). */
  sendText: (to: string, body: string) => Promise<OutboundResult>;
};

export const NOT_SENT_NOTE = 'not sent — no transport configured';

export const recordingTransport: BotTransport = {
  sendText: async () => ({ status: 'not_sent', note: NOT_SENT_NOTE }),
};

/** How long Graph API gets before the message is recorded as failed (the sender never waits for it). */
const SEND_TIMEOUT_MS = 10_000;

export function cloudApiTransport(settings: NonNullable<WhatsappConfig['cloudApi']>, fetchImpl: typeof fetch = fetch): BotTransport {
  return {
    sendText: async (to, body) => {
      try {
        const response = await fetchImpl(`${settings.apiUrl}/${settings.phoneNumberId}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', to: to.replace(/\D/g, ''), type: 'text', text: { preview_url: false, body } }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        if (!response.ok) return { status: 'failed', note: `Graph API ${response.status}: ${(await response.text()).slice(0, 300)}` };
        const answer = (await response.json()) as { messages?: Array<{ id?: string }> };
        return { status: 'sent', note: answer.messages?.[0]?.id ?? null };
      } catch (error) {
        return { status: 'failed', note: error instanceof Error ? error.message.slice(0, 300) : 'error' };
      }
    },
  };
}

export function createBotTransport(config: WhatsappConfig): BotTransport {
  return config.cloudApi ? cloudApiTransport(config.cloudApi) : recordingTransport;
}
