ALTER TABLE "notifications" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_open_subject_idx" ON "notifications" USING btree ("subject") WHERE "notifications"."subject" is not null and "notifications"."resolved_at" is null;