/** The legacy-import module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { failureReason, formatReport } from './report';
export { importLegacy, type FirebaseAuthUser } from './service';
