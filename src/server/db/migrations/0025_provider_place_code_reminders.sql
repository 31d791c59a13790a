CREATE TABLE "code_expiry_reminders" (
	"code_id" uuid PRIMARY KEY NOT NULL,
	"reminded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provider_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "provider_instructions" text;--> statement-breakpoint
ALTER TABLE "code_expiry_reminders" ADD CONSTRAINT "code_expiry_reminders_code_id_benefit_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."benefit_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "benefit_codes_active_expiry_idx" ON "benefit_codes" USING btree ("expires_at") WHERE "benefit_codes"."status" = 'active';