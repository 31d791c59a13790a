CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monthly_grants" (
	"company_id" uuid NOT NULL,
	"month" text NOT NULL,
	"token_type" text NOT NULL,
	"amount_each" integer NOT NULL,
	"employees" integer DEFAULT 0 NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"params" jsonb NOT NULL,
	"link" text NOT NULL,
	"event_id" bigint NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "monthly_company_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "monthly_jobby_tokens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "achievement_rules" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monthly_grants" ADD CONSTRAINT "monthly_grants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_pending_idx" ON "domain_events" USING btree ("available_at","id") WHERE "domain_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "domain_events_type_created_idx" ON "domain_events" USING btree ("type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_grants_key" ON "monthly_grants" USING btree ("company_id","month","token_type");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_user_key" ON "notifications" USING btree ("event_id","user_id","type");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "benefit_codes_company_used_idx" ON "benefit_codes" USING btree ("company_id","used_by","used_at");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_monthly_tokens_check" CHECK ("companies"."monthly_company_tokens" >= 0 and "companies"."monthly_jobby_tokens" >= 0);