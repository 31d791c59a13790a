-- Issue 18: users.phone becomes unique and E.164. Numbers saved before were free text (PATCH /api/me
-- stored whatever was typed), so they are first brought to E.164 the way src/domain/phone.ts reads
-- them (Chile when no country is written); what cannot be a number is cleared, and of two accounts
-- holding the same number the older keeps it. A cleared number only unlinks the bot; the person or HR
-- types it again and gets the usual answer.
UPDATE "users" SET "phone" = regexp_replace(regexp_replace("phone", '[^0-9+]', '', 'g'), '^00', '+') WHERE "phone" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "phone" = CASE
    WHEN "phone" ~ '^\+[1-9][0-9]{7,14}$' THEN "phone"
    WHEN "phone" ~ '^56[2-9][0-9]{8}$' THEN '+' || "phone"
    WHEN "phone" ~ '^[2-9][0-9]{8}$' THEN '+56' || "phone"
    ELSE NULL
  END
  WHERE "phone" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "phone" = NULL
  WHERE "id" IN (
    SELECT "id" FROM (
      SELECT "id", row_number() OVER (PARTITION BY "phone" ORDER BY "created_at", "id") AS "rank"
      FROM "users" WHERE "phone" IS NOT NULL
    ) "ranked" WHERE "rank" > 1
  );--> statement-breakpoint
DROP INDEX "users_phone_digits_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone") WHERE "users"."phone" is not null;
