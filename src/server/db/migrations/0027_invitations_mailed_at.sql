ALTER TABLE "invitations" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
-- Invitations issued before this column were handed to the mail transport then: count them as mailed,
-- so the first sweep (decision 310) does not send every pending invitation again.
UPDATE "invitations" SET "mailed_at" = "sent_at";
