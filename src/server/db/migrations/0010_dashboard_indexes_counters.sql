CREATE TABLE "platform_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "ledger_transfers_company_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "benefit_codes_company_active_idx" ON "benefit_codes" USING btree ("company_id","expires_at") WHERE "benefit_codes"."status" = 'active';--> statement-breakpoint
CREATE INDEX "ledger_accounts_asset_idx" ON "ledger_accounts" USING btree ("asset");--> statement-breakpoint
CREATE INDEX "ledger_transfers_company_history_idx" ON "ledger_transfers" USING btree ("wallet_company_id","token_type","created_at","id") WHERE "ledger_transfers"."wallet_user_id" is not null;--> statement-breakpoint
-- Hand-written backfill (decision 110): the codes already used, less those whose 'code.used' event
-- no worker has taken yet (the worker counts those when it takes them).
INSERT INTO "platform_counters" ("name", "value")
SELECT 'codes_used',
       (SELECT count(*) FROM "benefit_codes" WHERE "used_at" IS NOT NULL)
     - (SELECT count(*) FROM "domain_events" WHERE "type" = 'code.used' AND "attempts" = 0 AND "processed_at" IS NULL);
