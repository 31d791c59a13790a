-- Decision 352: a key rests on its responsible's rights; who confirmed it after its creator lost access.
ALTER TABLE "api_keys" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Decision 354: reset, invitation and legacy-welcome links are kept as the SHA-256 of their token
-- (src/server/auth/verification-tokens.ts). The links already mailed keep working: their rows are
-- hashed here the same way, so no token stays in clear.
UPDATE "verifications"
SET "identifier" = 'reset-password:' || encode(sha256(convert_to(substr("identifier", length('reset-password:') + 1), 'UTF8')), 'hex')
WHERE "identifier" LIKE 'reset-password:%';
