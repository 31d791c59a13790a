ALTER TABLE "companies" ADD COLUMN "email_domain" text;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_email_domain_lower_key" ON "companies" USING btree (lower("email_domain"));--> statement-breakpoint
-- Existing companies take the email domain of their first HR admin (the one whose sign-in created them).
UPDATE "companies" c SET "email_domain" = first_admin.domain
FROM (
  SELECT DISTINCT ON (u."company_id") u."company_id", lower(split_part(u."email", '@', 2)) AS domain
  FROM "users" u WHERE u."level" = 2 AND u."company_id" IS NOT NULL
  ORDER BY u."company_id", u."created_at"
) first_admin
WHERE c."id" = first_admin."company_id" AND c."email_domain" IS NULL;
