/** The codes module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { remindExpiringCodes } from './expiry-reminder';
export { issueCode, newCodeRow } from './issue';
export { codePlaceColumns } from './provider-name';
export { codeRoutes } from './routes';
export { selectUsedCodes } from './used-codes';
export { verifyCode } from './verify';
