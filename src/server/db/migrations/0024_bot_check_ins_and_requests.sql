CREATE TABLE "bot_check_ins" (
	"user_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivery_status" text,
	"delivery_note" text,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "bot_check_ins_user_id_period_start_pk" PRIMARY KEY("user_id","period_start"),
	CONSTRAINT "bot_check_ins_id_unique" UNIQUE("id"),
	CONSTRAINT "bot_check_ins_delivery_check" CHECK ("bot_check_ins"."delivery_status" is null or "bot_check_ins"."delivery_status" in ('sent', 'not_sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "bot_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bot_requests" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "bot_requests" ADD COLUMN "decided_by_name" text;--> statement-breakpoint
ALTER TABLE "bot_requests" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "bot_check_ins" ADD CONSTRAINT "bot_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_check_ins" ADD CONSTRAINT "bot_check_ins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_check_ins_user_idx" ON "bot_check_ins" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "bot_requests" ADD CONSTRAINT "bot_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Before this migration every save left a pending request: the latest per company stays pending, the earlier ones were replaced by it.
UPDATE "bot_requests" r SET "status" = 'superseded' WHERE "status" = 'pending' AND EXISTS (SELECT 1 FROM "bot_requests" n WHERE n."company_id" = r."company_id" AND n."status" = 'pending' AND (n."created_at", n."id") > (r."created_at", r."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "bot_requests_one_pending_key" ON "bot_requests" USING btree ("company_id") WHERE "bot_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bot_requests_pending_idx" ON "bot_requests" USING btree ("created_at") WHERE "bot_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "bot_requests" ADD CONSTRAINT "bot_requests_status_check" CHECK ("bot_requests"."status" in ('pending', 'approved', 'rejected', 'superseded'));