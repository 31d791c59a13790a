-- Decision 352 (issue 38, probe K1): a key whose responsible lost access stays suspended until someone
-- else confirms it, even if that person's access comes back. Every change of a person's level, status or
-- company, by any path, marks the keys resting on them that the new state no longer covers.
ALTER TABLE "api_keys" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "api_keys_responsible_idx" ON "api_keys" USING btree (coalesce("confirmed_by", "created_by")) WHERE "api_keys"."revoked_at" is null;--> statement-breakpoint
-- Keys whose responsible has no access today are suspended from now on.
UPDATE "api_keys" AS k SET "suspended_at" = now()
 WHERE k."revoked_at" IS NULL
   AND NOT coalesce((SELECT u."status" = 'active' AND (u."level" = 1 OR (u."level" = 2 AND u."company_id" = k."company_id"))
                       FROM "users" AS u WHERE u."id" = coalesce(k."confirmed_by", k."created_by")), false);--> statement-breakpoint
CREATE FUNCTION jobby_suspend_keys_of_lapsed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The rule of api-keys/service.ts `responsibleHasAccess`: an active level 1, or an active level 2 of the key's company.
  UPDATE "api_keys" SET "suspended_at" = now()
   WHERE coalesce("confirmed_by", "created_by") = NEW."id" AND "revoked_at" IS NULL AND "suspended_at" IS NULL
     AND NOT coalesce(NEW."status" = 'active' AND (NEW."level" = 1 OR (NEW."level" = 2 AND NEW."company_id" = "api_keys"."company_id")), false);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_suspend_keys_of_lapsed" AFTER UPDATE OF "level", "status", "company_id" ON "users"
  FOR EACH ROW
  WHEN (OLD."level" IS DISTINCT FROM NEW."level" OR OLD."status" IS DISTINCT FROM NEW."status" OR OLD."company_id" IS DISTINCT FROM NEW."company_id")
  EXECUTE FUNCTION jobby_suspend_keys_of_lapsed();
