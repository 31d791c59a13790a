DROP INDEX "users_level_idx";--> statement-breakpoint
CREATE INDEX "users_level_created_idx" ON "users" USING btree ("level","created_at");