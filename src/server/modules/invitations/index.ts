/** The invitations module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { acceptInvitation, issueInvitations, resendInvitation, resendUnmailedInvitations, revokeInvitation, sendInvitationMails, type InvitationMail } from './service';
