ALTER TABLE "benefit_codes" DROP CONSTRAINT "benefit_codes_request_id_benefit_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "benefit_codes" DROP CONSTRAINT "benefit_codes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "benefit_requests" DROP CONSTRAINT "benefit_requests_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "redemptions" DROP CONSTRAINT "redemptions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "redemptions" DROP CONSTRAINT "redemptions_request_id_benefit_requests_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_wallet_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "token_bonuses" DROP CONSTRAINT "token_bonuses_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_achievements" DROP CONSTRAINT "user_achievements_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_achievements" DROP CONSTRAINT "user_achievements_rule_id_achievement_rules_id_fk";
--> statement-breakpoint
ALTER TABLE "benefit_codes" ADD CONSTRAINT "benefit_codes_request_id_benefit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."benefit_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_codes" ADD CONSTRAINT "benefit_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_requests" ADD CONSTRAINT "benefit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_request_id_benefit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."benefit_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_wallet_user_id_users_id_fk" FOREIGN KEY ("wallet_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_bonuses" ADD CONSTRAINT "token_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_rule_id_achievement_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."achievement_rules"("id") ON DELETE restrict ON UPDATE no action;