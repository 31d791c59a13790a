CREATE TABLE "user_tallies" (
	"company_id" uuid,
	"level" smallint,
	"users" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_tallies_key" ON "user_tallies" USING btree (coalesce("company_id", '00000000-0000-0000-0000-000000000000'::uuid),coalesce("level", 0));--> statement-breakpoint
-- Hand-written (decision 111): the trigger that keeps user_tallies, and the rebuild it starts from.
CREATE FUNCTION "user_tallies_add"(company uuid, lvl smallint, delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "user_tallies" ("company_id", "level", "users") VALUES (company, lvl, delta)
  ON CONFLICT (coalesce("company_id", '00000000-0000-0000-0000-000000000000'::uuid), coalesce("level", 0))
  DO UPDATE SET "users" = "user_tallies"."users" + excluded."users";
$$;
--> statement-breakpoint
CREATE FUNCTION "users_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "user_tallies_add"(NEW."company_id", NEW."level", 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "user_tallies_add"(OLD."company_id", OLD."level", -1);
  -- A move touches two rows: always in key order, so two moves in opposite directions cannot deadlock.
  ELSIF (coalesce(OLD."company_id", '00000000-0000-0000-0000-000000000000'::uuid), coalesce(OLD."level", 0))
      < (coalesce(NEW."company_id", '00000000-0000-0000-0000-000000000000'::uuid), coalesce(NEW."level", 0)) THEN
    PERFORM "user_tallies_add"(OLD."company_id", OLD."level", -1);
    PERFORM "user_tallies_add"(NEW."company_id", NEW."level", 1);
  ELSE
    PERFORM "user_tallies_add"(NEW."company_id", NEW."level", 1);
    PERFORM "user_tallies_add"(OLD."company_id", OLD."level", -1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_tally_insert_delete" AFTER INSERT OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "users_tally"();
--> statement-breakpoint
CREATE TRIGGER "users_tally_update" AFTER UPDATE OF "level", "company_id" ON "users" FOR EACH ROW
  WHEN (OLD."level" IS DISTINCT FROM NEW."level" OR OLD."company_id" IS DISTINCT FROM NEW."company_id")
  EXECUTE FUNCTION "users_tally"();
--> statement-breakpoint
-- Recounts everything from users: the backfill below, and after a bulk load that skipped triggers.
CREATE FUNCTION "rebuild_user_tallies"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "user_tallies";
  INSERT INTO "user_tallies" ("company_id", "level", "users")
  SELECT "company_id", "level", count(*) FROM "users" GROUP BY "company_id", "level";
$$;
--> statement-breakpoint
SELECT "rebuild_user_tallies"();
