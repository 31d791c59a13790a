CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "achievement_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"condition_type" text NOT NULL,
	"condition_value" integer,
	"condition_min_users" integer,
	"reward_tokens" integer DEFAULT 5 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievement_rules_condition_check" CHECK ("achievement_rules"."condition_type" in ('same_provider_timeframe', 'tokens_used_count', 'consecutive_days', 'first_company_user', 'weekend_usage')),
	CONSTRAINT "achievement_rules_reward_check" CHECK ("achievement_rules"."reward_tokens" >= 0),
	CONSTRAINT "achievement_rules_status_check" CHECK ("achievement_rules"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "auth_rate_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "benefit_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"request_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"user_id" text NOT NULL,
	"company_id" uuid,
	"platform_benefit_id" uuid,
	"company_benefit_id" uuid,
	"provider_user_id" text,
	"benefit_name" text NOT NULL,
	"benefit_type" text,
	"is_benefit_jobby" boolean NOT NULL,
	"admin_instructions" text,
	"used_by" text,
	"used_at" timestamp with time zone,
	CONSTRAINT "benefit_codes_status_check" CHECK ("benefit_codes"."status" in ('active', 'used')),
	CONSTRAINT "benefit_codes_code_check" CHECK ("benefit_codes"."code" ~ '^[A-Z0-9]{8}$'),
	CONSTRAINT "benefit_codes_used_check" CHECK (("benefit_codes"."status" = 'used') = ("benefit_codes"."used_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "benefit_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"company_id" uuid,
	"platform_benefit_id" uuid,
	"company_benefit_id" uuid,
	"benefit_name" text NOT NULL,
	"benefit_type" text,
	"is_benefit_jobby" boolean NOT NULL,
	"paid_with_tokens" boolean DEFAULT true NOT NULL,
	"token_cost" integer NOT NULL,
	"status" text NOT NULL,
	"request_date" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_date" timestamp with time zone,
	"admin_id" text,
	"admin_instructions" text,
	"product_link" text,
	"user_email" text,
	"user_name" text,
	"comments" text,
	CONSTRAINT "benefit_requests_one_benefit_check" CHECK (("benefit_requests"."platform_benefit_id" is null) <> ("benefit_requests"."company_benefit_id" is null)),
	CONSTRAINT "benefit_requests_status_check" CHECK ("benefit_requests"."status" in ('pending', 'pending_provider_approval', 'pending_admin_approval', 'approved', 'rejected')),
	CONSTRAINT "benefit_requests_cost_check" CHECK ("benefit_requests"."token_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bot_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"user_id" text,
	"phone_number" text NOT NULL,
	"stress_score" smallint,
	"detected_keywords" text[],
	"sentiment" text,
	"requires_attention" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"body" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_messages_direction_check" CHECK ("bot_messages"."direction" in ('inbound', 'outbound'))
);
--> statement-breakpoint
CREATE TABLE "bot_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text DEFAULT 'employee_wellbeing' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"config" jsonb,
	"instructions" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"address" text,
	"max_users" integer DEFAULT 10 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"bot_enabled" boolean DEFAULT false NOT NULL,
	"bot_enabled_at" timestamp with time zone,
	"bot_config" jsonb,
	"bot_instructions" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_max_users_check" CHECK ("companies"."max_users" >= 1),
	CONSTRAINT "companies_status_check" CHECK ("companies"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "company_benefit_user_counts" (
	"benefit_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "company_benefit_user_counts_benefit_id_user_id_pk" PRIMARY KEY("benefit_id","user_id"),
	CONSTRAINT "company_benefit_user_counts_check" CHECK ("company_benefit_user_counts"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "company_benefits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text,
	"image" text,
	"token_cost" integer DEFAULT 1 NOT NULL,
	"available_tokens" integer DEFAULT 10 NOT NULL,
	"limit_per_user" integer DEFAULT 1 NOT NULL,
	"start_date" date,
	"end_date" date,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_benefits_cost_check" CHECK ("company_benefits"."token_cost" >= 1),
	CONSTRAINT "company_benefits_available_check" CHECK ("company_benefits"."available_tokens" >= 0),
	CONSTRAINT "company_benefits_limit_check" CHECK ("company_benefits"."limit_per_user" >= 1),
	CONSTRAINT "company_benefits_status_check" CHECK ("company_benefits"."status" in ('active', 'inactive')),
	CONSTRAINT "company_benefits_dates_check" CHECK ("company_benefits"."start_date" is null or "company_benefits"."end_date" is null or "company_benefits"."start_date" <= "company_benefits"."end_date")
);
--> statement-breakpoint
CREATE TABLE "employee_wellbeing_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"stress_score" smallint,
	"last_contact" timestamp with time zone,
	"conversation_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "employee_wellbeing_profiles_score_check" CHECK ("employee_wellbeing_profiles"."stress_score" is null or "employee_wellbeing_profiles"."stress_score" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"actor_id" text NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_actor_id_key_pk" PRIMARY KEY("actor_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"asset" text NOT NULL,
	"owner_user_id" text,
	"company_id" uuid,
	"token_type" text,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('issuance', 'wallet', 'provider', 'company_spent')),
	CONSTRAINT "ledger_accounts_balance_check" CHECK ("ledger_accounts"."kind" = 'issuance' or "ledger_accounts"."balance" >= 0),
	CONSTRAINT "ledger_accounts_token_type_check" CHECK ("ledger_accounts"."token_type" is null or "ledger_accounts"."token_type" in ('jobby', 'company'))
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"from_account" text NOT NULL,
	"to_account" text NOT NULL,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"actor_id" text,
	"actor_name" text,
	"wallet_user_id" text,
	"wallet_company_id" uuid,
	"token_type" text,
	"balance_before" bigint,
	"balance_after" bigint,
	"request_id" uuid,
	"redemption_id" uuid,
	"benefit_id" uuid,
	"code_id" uuid,
	"reverses_transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_check" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_accounts_check" CHECK ("ledger_transfers"."from_account" <> "ledger_transfers"."to_account"),
	CONSTRAINT "ledger_transfers_kind_check" CHECK ("ledger_transfers"."kind" in ('grant', 'revoke', 'spend', 'refund', 'reward', 'import'))
);
--> statement-breakpoint
CREATE TABLE "platform_benefits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"value" text,
	"provider_name" text,
	"provider_user_id" text,
	"category" text,
	"image" text,
	"is_highlighted" boolean DEFAULT false NOT NULL,
	"token_cost" integer DEFAULT 1 NOT NULL,
	"stock_remaining" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_benefits_type_check" CHECK ("platform_benefits"."type" in ('automatic', 'managed', 'third_party')),
	CONSTRAINT "platform_benefits_cost_check" CHECK ("platform_benefits"."token_cost" >= 1),
	CONSTRAINT "platform_benefits_stock_check" CHECK ("platform_benefits"."stock_remaining" is null or "platform_benefits"."stock_remaining" >= 0),
	CONSTRAINT "platform_benefits_status_check" CHECK ("platform_benefits"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "profile_surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text,
	"survey_type" text DEFAULT 'A' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"selected_benefits" text[] DEFAULT '{}'::text[] NOT NULL,
	"medals" text[] DEFAULT '{}'::text[] NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"request_id" uuid NOT NULL,
	"platform_benefit_id" uuid,
	"company_benefit_id" uuid,
	"benefit_name" text NOT NULL,
	"is_benefit_jobby" boolean NOT NULL,
	"token_cost" integer NOT NULL,
	"status" text DEFAULT 'redeemed' NOT NULL,
	"redemption_date" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" uuid,
	CONSTRAINT "redemptions_status_check" CHECK ("redemptions"."status" in ('redeemed', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_b_responses" (
	"user_id" text PRIMARY KEY NOT NULL,
	"user_type" text DEFAULT 'B' NOT NULL,
	"survey_version" text DEFAULT 'experimental_v2' NOT NULL,
	"personality_matrix" text,
	"benefit_priorities" jsonb,
	"lifestyle_assessment" jsonb,
	"future_vision" jsonb,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text DEFAULT 'achievement_reward' NOT NULL,
	"achievement_id" uuid,
	"transfer_id" bigint,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_bonuses_amount_check" CHECK ("token_bonuses"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"rule_id" uuid NOT NULL,
	"rule_name" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"context" jsonb,
	"code_id" uuid,
	"transfer_id" bigint,
	"reward_tokens" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" smallint,
	"company_id" uuid,
	"user_type" text DEFAULT 'A' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"theme_preference" text DEFAULT 'light' NOT NULL,
	"theme_updated_at" timestamp with time zone,
	"phone" text,
	"department" text,
	"survey_completed" boolean DEFAULT false NOT NULL,
	"survey_completed_at" timestamp with time zone,
	"survey_updated_at" timestamp with time zone,
	"survey_type" text,
	"benefit_preferences" text[],
	"generational_memory" text,
	"satisfaction_level" text,
	"provider_category" text,
	"provider_description" text,
	"contact_phone" text,
	"created_by" text,
	"updated_by" text,
	CONSTRAINT "users_level_check" CHECK ("users"."level" is null or "users"."level" between 1 and 4),
	CONSTRAINT "users_user_type_check" CHECK ("users"."user_type" in ('A', 'B')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'inactive')),
	CONSTRAINT "users_theme_check" CHECK ("users"."theme_preference" in ('light', 'dark')),
	CONSTRAINT "users_survey_type_check" CHECK ("users"."survey_type" is null or "users"."survey_type" in ('A', 'B'))
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_codes" ADD CONSTRAINT "benefit_codes_request_id_benefit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."benefit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_codes" ADD CONSTRAINT "benefit_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_codes" ADD CONSTRAINT "benefit_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_codes" ADD CONSTRAINT "benefit_codes_platform_benefit_id_platform_benefits_id_fk" FOREIGN KEY ("platform_benefit_id") REFERENCES "public"."platform_benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_codes" ADD CONSTRAINT "benefit_codes_company_benefit_id_company_benefits_id_fk" FOREIGN KEY ("company_benefit_id") REFERENCES "public"."company_benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_codes" ADD CONSTRAINT "benefit_codes_provider_user_id_users_id_fk" FOREIGN KEY ("provider_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_codes" ADD CONSTRAINT "benefit_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_requests" ADD CONSTRAINT "benefit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_requests" ADD CONSTRAINT "benefit_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_requests" ADD CONSTRAINT "benefit_requests_platform_benefit_id_platform_benefits_id_fk" FOREIGN KEY ("platform_benefit_id") REFERENCES "public"."platform_benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benefit_requests" ADD CONSTRAINT "benefit_requests_company_benefit_id_company_benefits_id_fk" FOREIGN KEY ("company_benefit_id") REFERENCES "public"."company_benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_conversations" ADD CONSTRAINT "bot_conversations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_conversations" ADD CONSTRAINT "bot_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_messages" ADD CONSTRAINT "bot_messages_conversation_id_bot_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."bot_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_requests" ADD CONSTRAINT "bot_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_benefit_user_counts" ADD CONSTRAINT "company_benefit_user_counts_benefit_id_company_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."company_benefits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_benefit_user_counts" ADD CONSTRAINT "company_benefit_user_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_benefits" ADD CONSTRAINT "company_benefits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_wellbeing_profiles" ADD CONSTRAINT "employee_wellbeing_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_wellbeing_profiles" ADD CONSTRAINT "employee_wellbeing_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_from_account_ledger_accounts_id_fk" FOREIGN KEY ("from_account") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_to_account_ledger_accounts_id_fk" FOREIGN KEY ("to_account") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_wallet_user_id_users_id_fk" FOREIGN KEY ("wallet_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_wallet_company_id_companies_id_fk" FOREIGN KEY ("wallet_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_benefits" ADD CONSTRAINT "platform_benefits_provider_user_id_users_id_fk" FOREIGN KEY ("provider_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_surveys" ADD CONSTRAINT "profile_surveys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_request_id_benefit_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."benefit_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_platform_benefit_id_platform_benefits_id_fk" FOREIGN KEY ("platform_benefit_id") REFERENCES "public"."platform_benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_company_benefit_id_company_benefits_id_fk" FOREIGN KEY ("company_benefit_id") REFERENCES "public"."company_benefits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_b_responses" ADD CONSTRAINT "survey_b_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_bonuses" ADD CONSTRAINT "token_bonuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_bonuses" ADD CONSTRAINT "token_bonuses_achievement_id_user_achievements_id_fk" FOREIGN KEY ("achievement_id") REFERENCES "public"."user_achievements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_bonuses" ADD CONSTRAINT "token_bonuses_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_rule_id_achievement_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."achievement_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_code_id_benefit_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."benefit_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "achievement_rules_status_idx" ON "achievement_rules" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_rate_limits_key" ON "auth_rate_limits" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "benefit_codes_code_key" ON "benefit_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "benefit_codes_request_key" ON "benefit_codes" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "benefit_codes_used_by_idx" ON "benefit_codes" USING btree ("used_by","used_at");--> statement-breakpoint
CREATE INDEX "benefit_codes_user_idx" ON "benefit_codes" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "benefit_codes_used_at_idx" ON "benefit_codes" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "benefit_requests_user_idx" ON "benefit_requests" USING btree ("user_id","request_date");--> statement-breakpoint
CREATE INDEX "benefit_requests_company_idx" ON "benefit_requests" USING btree ("company_id","status","request_date");--> statement-breakpoint
CREATE INDEX "benefit_requests_status_idx" ON "benefit_requests" USING btree ("status","request_date");--> statement-breakpoint
CREATE INDEX "benefit_requests_platform_benefit_idx" ON "benefit_requests" USING btree ("platform_benefit_id");--> statement-breakpoint
CREATE INDEX "benefit_requests_company_benefit_idx" ON "benefit_requests" USING btree ("company_benefit_id");--> statement-breakpoint
CREATE INDEX "bot_conversations_company_idx" ON "bot_conversations" USING btree ("company_id","last_message_at");--> statement-breakpoint
CREATE INDEX "bot_conversations_phone_idx" ON "bot_conversations" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "bot_messages_conversation_idx" ON "bot_messages" USING btree ("conversation_id","sent_at");--> statement-breakpoint
CREATE INDEX "bot_requests_company_idx" ON "bot_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_lower_key" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "company_benefit_user_counts_user_idx" ON "company_benefit_user_counts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_benefits_company_idx" ON "company_benefits" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "employee_wellbeing_profiles_company_idx" ON "employee_wellbeing_profiles" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_wallet_key" ON "ledger_accounts" USING btree ("owner_user_id","token_type");--> statement-breakpoint
CREATE INDEX "ledger_transfers_wallet_idx" ON "ledger_transfers" USING btree ("wallet_user_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_company_idx" ON "ledger_transfers" USING btree ("wallet_company_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_from_idx" ON "ledger_transfers" USING btree ("from_account");--> statement-breakpoint
CREATE INDEX "ledger_transfers_to_idx" ON "ledger_transfers" USING btree ("to_account");--> statement-breakpoint
CREATE INDEX "ledger_transfers_created_idx" ON "ledger_transfers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_request_idx" ON "ledger_transfers" USING btree ("request_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_reverses_key" ON "ledger_transfers" USING btree ("reverses_transfer_id");--> statement-breakpoint
CREATE INDEX "platform_benefits_status_idx" ON "platform_benefits" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_surveys_user_key" ON "profile_surveys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profile_surveys_completed_idx" ON "profile_surveys" USING btree ("completed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_request_key" ON "redemptions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "redemptions_user_idx" ON "redemptions" USING btree ("user_id","redemption_date");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions" USING btree ("token");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "token_bonuses_user_idx" ON "token_bonuses" USING btree ("user_id","granted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_achievements_user_rule_key" ON "user_achievements" USING btree ("user_id","rule_id");--> statement-breakpoint
CREATE INDEX "user_achievements_granted_idx" ON "user_achievements" USING btree ("granted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_company_level_idx" ON "users" USING btree ("company_id","level","created_at");--> statement-breakpoint
CREATE INDEX "users_level_idx" ON "users" USING btree ("level");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");