-- Issue 13: money rules that survive every edit. Hand-edited after drizzle-kit generate: the
-- backfills below keep every existing row meaning what it meant.
DROP INDEX "ledger_accounts_wallet_key";--> statement-breakpoint
ALTER TABLE "benefit_requests" ADD COLUMN "provider_user_id" text;--> statement-breakpoint
ALTER TABLE "benefit_requests" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "company_benefits" ADD COLUMN "provider_user_id" text;--> statement-breakpoint
-- Before this column every redemption took a unit, except of an unlimited platform benefit (stock
-- NULL); today's stock is the best record left of that.
ALTER TABLE "redemptions" ADD COLUMN "took_stock" boolean NOT NULL DEFAULT true;--> statement-breakpoint
UPDATE "redemptions" r SET "took_stock" = false FROM "platform_benefits" p
  WHERE r."platform_benefit_id" = p."id" AND p."stock_remaining" IS NULL;--> statement-breakpoint
ALTER TABLE "redemptions" ALTER COLUMN "took_stock" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "benefit_requests" ADD CONSTRAINT "benefit_requests_provider_user_id_users_id_fk" FOREIGN KEY ("provider_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_benefits" ADD CONSTRAINT "company_benefits_provider_user_id_users_id_fk" FOREIGN KEY ("provider_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The provider that was paid is the one the spend transfer credited (provider:{id}).
UPDATE "benefit_requests" br SET "provider_user_id" = substr(t."to_account", 10) FROM "ledger_transfers" t
  WHERE t."request_id" = br."id" AND t."kind" = 'spend' AND t."to_account" LIKE 'provider:%'
    AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = substr(t."to_account", 10));--> statement-breakpoint
-- A request not paid with tokens has no spend: its benefit's provider at migration time.
UPDATE "benefit_requests" br SET "provider_user_id" = p."provider_user_id" FROM "platform_benefits" p
  WHERE br."platform_benefit_id" = p."id" AND NOT br."paid_with_tokens";--> statement-breakpoint
-- A platform benefit's code is redeemable by the request's provider only.
UPDATE "benefit_codes" c SET "provider_user_id" = br."provider_user_id" FROM "benefit_requests" br
  WHERE c."request_id" = br."id" AND br."platform_benefit_id" IS NOT NULL;--> statement-breakpoint
-- A rejection's reason was kept in admin_instructions; it now has its own column.
UPDATE "benefit_requests" SET "decision_note" = "admin_instructions", "admin_instructions" = NULL
  WHERE "status" = 'rejected';--> statement-breakpoint
-- Company wallets name their company: employee:{uid}:company → employee:{uid}:company:{cid}.
INSERT INTO "ledger_accounts" ("id", "kind", "asset", "owner_user_id", "company_id", "token_type", "balance", "updated_at")
  SELECT a."id" || ':' || substr(a."asset", 9), a."kind", a."asset", a."owner_user_id", a."company_id", a."token_type", a."balance", a."updated_at"
  FROM "ledger_accounts" a
  WHERE a."kind" = 'wallet' AND a."token_type" = 'company' AND a."id" = 'employee:' || a."owner_user_id" || ':company';--> statement-breakpoint
UPDATE "ledger_transfers" SET "from_account" = "from_account" || ':' || substr("asset", 9)
  WHERE "from_account" LIKE 'employee:%:company';--> statement-breakpoint
UPDATE "ledger_transfers" SET "to_account" = "to_account" || ':' || substr("asset", 9)
  WHERE "to_account" LIKE 'employee:%:company';--> statement-breakpoint
DELETE FROM "ledger_accounts"
  WHERE "kind" = 'wallet' AND "token_type" = 'company' AND "id" = 'employee:' || "owner_user_id" || ':company';--> statement-breakpoint
CREATE INDEX "benefit_requests_provider_idx" ON "benefit_requests" USING btree ("provider_user_id","status","request_date");--> statement-breakpoint
CREATE INDEX "company_benefits_provider_idx" ON "company_benefits" USING btree ("provider_user_id");--> statement-breakpoint
CREATE INDEX "platform_benefits_provider_idx" ON "platform_benefits" USING btree ("provider_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_wallet_key" ON "ledger_accounts" USING btree ("owner_user_id","asset");--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP COLUMN "code_id";
