-- Decision 364: an event the workers give up on is dead (dead_at), never processed; the due queue leaves
-- dead events out and level 1's list of them reads its own partial index. Events dropped before this
-- migration (processed after their fifth failure) cannot be told from ones handled at the fifth try: left as they are.
DROP INDEX "domain_events_pending_idx";--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "domain_events_due_idx" ON "domain_events" USING btree ("available_at","id") WHERE "domain_events"."processed_at" is null and "domain_events"."dead_at" is null;--> statement-breakpoint
CREATE INDEX "domain_events_dead_idx" ON "domain_events" USING btree ("dead_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "domain_events"."dead_at" is not null;