CREATE TABLE "platform_benefit_user_counts" (
	"benefit_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_benefit_user_counts_benefit_id_user_id_pk" PRIMARY KEY("benefit_id","user_id"),
	CONSTRAINT "platform_benefit_user_counts_check" CHECK ("platform_benefit_user_counts"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_level_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"from_level" smallint,
	"to_level" smallint,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_benefits" ADD COLUMN "limit_per_user" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_benefit_user_counts" ADD CONSTRAINT "platform_benefit_user_counts_benefit_id_platform_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."platform_benefits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_benefit_user_counts" ADD CONSTRAINT "platform_benefit_user_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_level_changes" ADD CONSTRAINT "user_level_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_benefit_user_counts_user_idx" ON "platform_benefit_user_counts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_level_changes_user_idx" ON "user_level_changes" USING btree ("user_id","changed_at");--> statement-breakpoint
ALTER TABLE "platform_benefits" ADD CONSTRAINT "platform_benefits_limit_check" CHECK ("platform_benefits"."limit_per_user" >= 0);--> statement-breakpoint
-- Hand-written backfill: each employee's redemptions of a platform benefit not refunded so far count against its new per-user limit.
INSERT INTO "platform_benefit_user_counts" ("benefit_id", "user_id", "count")
SELECT "platform_benefit_id", "user_id", count(*)::int FROM "redemptions"
WHERE "platform_benefit_id" IS NOT NULL AND "status" = 'redeemed'
GROUP BY "platform_benefit_id", "user_id";
