/** The Spanish mails Jobby sends. Plain text and a minimal HTML twin with the same words. */
import type { MailMessage } from './transport';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function compose(to: string, subject: string, greetingName: string, paragraphs: string[], action: string, link: string): MailMessage {
  const greeting = `Hola ${greetingName}:`;
  const closing = 'Si no fuiste tú, ignora este correo.\n\nEl equipo de Jobby';
  const text = [greeting, ...paragraphs, `${action}: ${link}`, closing].join('\n\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>Si no fuiste tú, ignora este correo.</p><p>El equipo de Jobby</p>`,
  ].join('\n');
  return { to, subject, text, html, link };
}

export function verificationMail(user: { email: string; name: string }, link: string): MailMessage {
  return compose(
    user.email,
    'Confirma tu correo electrónico en Jobby',
    user.name,
    ['Para activar tu cuenta de Jobby, confirma que este correo es tuyo. El enlace vence en 24 horas.'],
    'Confirmar mi correo',
    link,
  );
}

export function passwordResetMail(user: { email: string; name: string }, link: string): MailMessage {
  return compose(
    user.email,
    'Restablece tu contraseña de Jobby',
    user.name,
    ['Recibimos una solicitud para restablecer tu contraseña. El enlace vence en 1 hora y sirve una sola vez.'],
    'Elegir una nueva contraseña',
    link,
  );
}

/** To a person moved from the earlier app whose old password could not come along (decisions 156 and 157). */
export function legacyWelcomeMail(user: { email: string; name: string }, link: string, days: number): MailMessage {
  return compose(
    user.email,
    'Tu cuenta de Jobby está lista: elige tu contraseña',
    user.name,
    [
      'Tu empresa trasladó tu cuenta, tu saldo y tu historial de tokens a la nueva plataforma de Jobby.',
      `Para entrar, elige una contraseña con el enlace de abajo. El enlace vence en ${days} días y sirve una sola vez.`,
    ],
    'Elegir mi contraseña',
    link,
  );
}

/** An invitation (decision 212): HR or Jobby made the account; the person chooses the password. */
export function invitationMail(user: { email: string; name: string }, link: string, days: number, companyName: string | null): MailMessage {
  return compose(
    user.email,
    'Te invitaron a Jobby: elige tu contraseña',
    user.name,
    [
      companyName ? `${companyName} te invitó a Jobby, su plataforma de beneficios.` : 'Te invitaron a Jobby, la plataforma de beneficios.',
      `Para entrar, elige una contraseña con el enlace de abajo. El enlace vence en ${days} días y sirve una sola vez.`,
    ],
    'Elegir mi contraseña',
    link,
  );
}
