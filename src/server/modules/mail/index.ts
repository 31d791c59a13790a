/** The mail module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { devOutboxRoutes } from './dev-routes';
export { invitationMail, legacyWelcomeMail, passwordResetMail, verificationMail } from './templates';
export { createMailTransport, type MailMessage, type MailTransport } from './transport';
