-- Decision 342: the keys that name a benefit are checked at COMMIT (DEFERRABLE INITIALLY DEFERRED)
-- instead of at each insert. A key check takes a KEY SHARE lock on the benefit's row; taken while another
-- redemption holds that row for its unit of stock, PostgreSQL records the two lockers together in a
-- MultiXact, and the stock UPDATE of each redemption then carries every redemption still in flight.
-- Checked at COMMIT, after jobby_redeem's last writes, the row is already this transaction's own.
ALTER TABLE "benefit_requests" ALTER CONSTRAINT "benefit_requests_company_benefit_id_company_benefits_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "benefit_requests" ALTER CONSTRAINT "benefit_requests_platform_benefit_id_platform_benefits_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "redemptions" ALTER CONSTRAINT "redemptions_company_benefit_id_company_benefits_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "redemptions" ALTER CONSTRAINT "redemptions_platform_benefit_id_platform_benefits_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "benefit_codes" ALTER CONSTRAINT "benefit_codes_company_benefit_id_company_benefits_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "benefit_codes" ALTER CONSTRAINT "benefit_codes_platform_benefit_id_platform_benefits_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "company_benefit_user_counts" ALTER CONSTRAINT "company_benefit_user_counts_benefit_id_company_benefits_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "platform_benefit_user_counts" ALTER CONSTRAINT "platform_benefit_user_counts_benefit_id_platform_benefits_id_fk" DEFERRABLE INITIALLY DEFERRED;
