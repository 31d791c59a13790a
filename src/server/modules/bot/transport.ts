/**
 * Outbound WhatsApp messages (replies and check-ins) go through one interface: the default records
 * them as not sent; with WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID set, WhatsApp Cloud API
 * sends them (POST {api}/{phone-number-id}/messages, Bearer token).
 */
import type { WhatsappConfig } from '../../config';

export type OutboundResult = { status: 'sent' | 'not_sent' | 'failed'; note: string | null };

/**
 * A template message, the only kind WhatsApp lets a business start a conversation with outside the
 * 24-hour service window (decision 241): Cloud API's body for `type: "template"`, the approved
 * template's name and language, and its body variables in order ({{1}} is the employee's first name).
 */
export type TemplateMessage = {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  type: 'template';
  template: { name: string; language: { code: string }; components: Array<{ type: 'body'; parameters: Array<{ type: 'text'; text: string }> }> };
};

export function templateMessage(to: string, name: string, language: string, bodyParameters: string[]): TemplateMessage {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: to.replace(/\D/g, ''),
    type: 'template',
    template: { name, language: { code: language }, components: bodyParameters.length > 0 ? [{ type: 'body', parameters: bodyParameters.map((text) => ({ type: 'text', text })) }] : [] },
  };
}

export type BotTransport = {
  /** Sends a text to a number in E.164 or WhatsApp's digits; never throws (the result says what happened). */
  sendText: (to: string, body: string) => Promise<OutboundResult>;
  /** Sends a template message (a check-in); never throws. */
  sendTemplate: (message: TemplateMessage) => Promise<OutboundResult>;
};

export const NOT_SENT_NOTE = 'not sent — no transport configured';

/** The demo's transport: nothing leaves; the message is kept as it would have been sent (check-ins keep their payload). */
export const recordingTransport: BotTransport = {
  sendText: async () => ({ status: 'not_sent', note: NOT_SENT_NOTE }),
  sendTemplate: async () => ({ status: 'not_sent', note: NOT_SENT_NOTE }),
};

/** How long Graph API gets before the message is recorded as failed (the sender never waits for it). */
const SEND_TIMEOUT_MS = 10_000;

export function cloudApiTransport(settings: NonNullable<WhatsappConfig['cloudApi']>, fetchImpl: typeof fetch = fetch): BotTransport {
  const post = async (message: object): Promise<OutboundResult> => {
    try {
      const response = await fetchImpl(`${settings.apiUrl}/${settings.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (!response.ok) return { status: 'failed', note: `Graph API ${response.status}: ${(await response.text()).slice(0, 300)}` };
      const answer = (await response.json()) as { messages?: Array<{ id?: string }> };
      return { status: 'sent', note: answer.messages?.[0]?.id ?? null };
    } catch (error) {
      return { status: 'failed', note: error instanceof Error ? error.message.slice(0, 300) : 'error' };
    }
  };
  return {
    sendText: (to, body) => post({ messaging_product: 'whatsapp', recipient_type: 'individual', to: to.replace(/\D/g, ''), type: 'text', text: { preview_url: false, body } }),
    sendTemplate: (message) => post(message),
  };
}

export function createBotTransport(config: WhatsappConfig): BotTransport {
  return config.cloudApi ? cloudApiTransport(config.cloudApi) : recordingTransport;
}
