-- Decision 202: the 'espera tu aprobación' notifications written before subjects existed get the
-- request of their event as subject, and those whose request was already decided are resolved now.
UPDATE "notifications" AS n
SET "subject" = 'request:' || (e."payload"->>'requestId')
FROM "domain_events" AS e
WHERE n."event_id" = e."id" AND n."type" = 'request_waiting' AND n."subject" IS NULL AND e."payload" ? 'requestId';
--> statement-breakpoint
UPDATE "notifications" AS n
SET "resolved_at" = now(), "read_at" = coalesce(n."read_at", now())
FROM "benefit_requests" AS r
WHERE n."type" = 'request_waiting' AND n."resolved_at" IS NULL
  AND n."subject" = 'request:' || r."id"::text
  AND r."status" NOT IN ('pending', 'pending_provider_approval', 'pending_admin_approval');
