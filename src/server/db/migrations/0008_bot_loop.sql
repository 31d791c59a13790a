CREATE TABLE "bot_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"stress_score" smallint NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"action_taken" text,
	"handled_by" text,
	"handled_by_name" text,
	"handled_at" timestamp with time zone,
	CONSTRAINT "bot_alerts_status_check" CHECK ("bot_alerts"."status" in ('open', 'handled')),
	CONSTRAINT "bot_alerts_handled_check" CHECK ("bot_alerts"."status" = 'open' or ("bot_alerts"."handled_at" is not null and "bot_alerts"."action_taken" is not null))
);
--> statement-breakpoint
CREATE TABLE "bot_analysis_runs" (
	"company_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"frequency" text NOT NULL,
	"average_score" double precision,
	"employees_on_alert" integer DEFAULT 0 NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_analysis_runs_company_id_period_start_pk" PRIMARY KEY("company_id","period_start")
);
--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "stress_score" smallint;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "detected_keywords" text[];--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "sentiment" text;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "requires_attention" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "analyzed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD COLUMN "delivery_note" text;--> statement-breakpoint
ALTER TABLE "employee_wellbeing_profiles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_alerts" ADD CONSTRAINT "bot_alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_alerts" ADD CONSTRAINT "bot_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_alerts" ADD CONSTRAINT "bot_alerts_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_analysis_runs" ADD CONSTRAINT "bot_analysis_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_alerts_company_idx" ON "bot_alerts" USING btree ("company_id","status","raised_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_alerts_one_open_key" ON "bot_alerts" USING btree ("user_id") WHERE "bot_alerts"."status" = 'open';--> statement-breakpoint
ALTER TABLE "bot_messages" ADD CONSTRAINT "bot_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD CONSTRAINT "bot_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_phone_digits_idx" ON "users" USING btree (regexp_replace("phone", '[^0-9]', '', 'g')) WHERE "users"."phone" is not null;--> statement-breakpoint
CREATE INDEX "bot_conversations_user_idx" ON "bot_conversations" USING btree ("user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "bot_messages_user_idx" ON "bot_messages" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "bot_messages_company_idx" ON "bot_messages" USING btree ("company_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_messages_external_id_key" ON "bot_messages" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "bot_messages_unanalysed_idx" ON "bot_messages" USING btree ("sent_at") WHERE "bot_messages"."direction" = 'inbound' and "bot_messages"."analyzed_at" is null;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD CONSTRAINT "bot_messages_score_check" CHECK ("bot_messages"."stress_score" is null or "bot_messages"."stress_score" between 1 and 10);--> statement-breakpoint
ALTER TABLE "bot_messages" ADD CONSTRAINT "bot_messages_sentiment_check" CHECK ("bot_messages"."sentiment" is null or "bot_messages"."sentiment" in ('positive', 'neutral', 'negative'));--> statement-breakpoint
ALTER TABLE "bot_messages" ADD CONSTRAINT "bot_messages_delivery_check" CHECK ("bot_messages"."delivery_status" is null or "bot_messages"."delivery_status" in ('sent', 'not_sent', 'failed'));