/** The idempotency module's public face: what other folders use. Its other files are private (docs/architecture.md §2). */
export { idempotencyKeyOf, sendOutcome } from './reply';
export { liveKeyRowSql, runClaimingItself, runIdempotent, runIdempotentRefusingFirst, storedKeyOf, storedOutcome, type IdempotentOutcome, type KeyClaim, type StoredKeyRow } from './service';
