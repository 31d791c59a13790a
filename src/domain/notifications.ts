/**
 * The bell's notifications (decision 84): their types, Spanish texts and the screen each
 * one links to. The server stores type + params; the text is built here, once, for server and web.
 */
import type { TokenType } from './constants';
import { formatDate } from './dates';
import { tokens } from './plural';

export const NOTIFICATION_TYPES = ['tokens_received', 'request_approved', 'request_rejected', 'request_waiting', 'achievement_unlocked', 'wellbeing_alert', 'webhook_disabled', 'code_expiring', 'bot_request_decided', 'tokens_reversed', 'event_dead'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export type NotificationParams = {
  tokens_received: { amount: number; tokenType: TokenType; reason: string | null };
  tokens_reversed: { amount: number; tokenType: TokenType; reason: string | null };
  request_approved: { benefitName: string; code: string | null };
  request_rejected: { benefitName: string; refund: number; tokenType: TokenType | null };
  request_waiting: { benefitName: string; employeeName: string };
  achievement_unlocked: { ruleName: string; rewardTokens: number };
  wellbeing_alert: { employeeName: string; stressScore: number };
  webhook_disabled: { url: string };
  code_expiring: { benefitName: string; expiresAt: string; daysLeft: number };
  bot_request_decided: { approved: boolean; reason: string | null };
  event_dead: { eventId: number; eventType: string };
};

const tokensOf = (amount: number, tokenType: TokenType | null) =>
  `${tokens(amount)}${tokenType === 'company' ? ' de empresa' : tokenType === 'jobby' ? ' flexibles' : ''}`;

/** Title and body of a notification. Unknown params read as empty rather than failing the bell. */
export function notificationText(type: NotificationType, params: Record<string, unknown>): { title: string; body: string } {
  switch (type) {
    case 'tokens_received': {
      const p = params as NotificationParams['tokens_received'];
      return { title: 'Tokens recibidos', body: `Recibiste ${tokensOf(p.amount, p.tokenType)}${p.reason ? `: ${p.reason}` : ''}.` };
    }
    case 'tokens_reversed': {
      const p = params as NotificationParams['tokens_reversed'];
      return { title: 'Asignación revertida', body: `Se revirtió una asignación de ${tokensOf(p.amount, p.tokenType)}${p.reason ? `: ${p.reason}` : ''}.` };
    }
    case 'request_approved': {
      const p = params as NotificationParams['request_approved'];
      return { title: 'Solicitud aprobada', body: `Tu solicitud de "${p.benefitName}" fue aprobada.${p.code ? ` Tu código es ${p.code}.` : ''}` };
    }
    case 'request_rejected': {
      const p = params as NotificationParams['request_rejected'];
      return {
        title: 'Solicitud rechazada',
        body: `Tu solicitud de "${p.benefitName}" fue rechazada.${p.refund > 0 ? ` Te devolvimos ${tokensOf(p.refund, p.tokenType)}.` : ''}`,
      };
    }
    case 'request_waiting': {
      const p = params as NotificationParams['request_waiting'];
      return { title: 'Nueva solicitud pendiente', body: `${p.employeeName} solicitó "${p.benefitName}" y espera tu aprobación.` };
    }
    case 'achievement_unlocked': {
      const p = params as NotificationParams['achievement_unlocked'];
      return {
        title: '¡Logro desbloqueado!',
        body: `Conseguiste el logro "${p.ruleName}"${p.rewardTokens > 0 ? ` y ganaste ${tokensOf(p.rewardTokens, 'jobby')}` : ''}.`,
      };
    }
    case 'wellbeing_alert': {
      const p = params as NotificationParams['wellbeing_alert'];
      return { title: 'Alerta de bienestar', body: `${p.employeeName} tiene un nivel de estrés alto (${p.stressScore}/10). Revisa 'Análisis y Alertas'.` };
    }
    case 'webhook_disabled': {
      const p = params as NotificationParams['webhook_disabled'];
      return { title: 'Webhook desactivado', body: `El endpoint ${p.url} falló durante un día y fue desactivado. Revisa 'Integraciones'.` };
      }
    case 'code_expiring': {
      const p = params as NotificationParams['code_expiring'];
      return {
        title: 'Tu código vence pronto',
        body: `Tu código de "${p.benefitName}" vence en ${p.daysLeft} ${p.daysLeft === 1 ? 'día' : 'días'} (vence el ${formatDate(p.expiresAt)}). Úsalo antes de que expire.`,
      };
    }
    case 'event_dead': {
      // Decision 366: level 1 hears it in the bell; the list names the error and offers 'Reintentar'.
      const p = params as NotificationParams['event_dead'];
      return { title: 'Un evento de fondo falló definitivamente', body: `El evento ${p.eventId} (${p.eventType}) dejó de reintentarse. Revisa 'Eventos fallidos'.` };
    }
    case 'bot_request_decided': {
      const p = params as NotificationParams['bot_request_decided'];
      return p.approved
        ? { title: 'Configuración del bot aprobada', body: 'La configuración del bot de bienestar fue aprobada y ya está en uso.' }
        : { title: 'Configuración del bot rechazada', body: `La configuración del bot de bienestar fue rechazada${p.reason ? `: ${p.reason}` : ''}. Revisa 'Bot de bienestar'.` };
    }
  }
}
