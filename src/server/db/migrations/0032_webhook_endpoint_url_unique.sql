-- Issue 38 W2 (decision 356): one owner registers a URL once. An owner's repeats stored before are kept
-- (with their log) but disabled, their URL marked with a fragment (never sent over HTTP), so the index
-- can be built; the oldest of each URL stays as it was.
UPDATE "webhook_endpoints" AS e
   SET "status" = 'inactive', "disabled_reason" = 'manual', "url" = e."url" || '#duplicado-' || e."id", "updated_at" = now()
 WHERE EXISTS (SELECT 1 FROM "webhook_endpoints" AS o
                WHERE o."company_id" IS NOT DISTINCT FROM e."company_id" AND o."url" = e."url"
                  AND (o."created_at", o."id") < (e."created_at", e."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_company_url_key" ON "webhook_endpoints" USING btree ("company_id","url") WHERE "webhook_endpoints"."company_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_platform_url_key" ON "webhook_endpoints" USING btree ("url") WHERE "webhook_endpoints"."company_id" is null;
--> statement-breakpoint
-- Decision 355: the log keeps no answer's body and no resolved address; what was logged before goes too.
UPDATE "webhook_delivery_attempts" SET "error" = substring("error" from '^Respuesta [0-9]+') WHERE "error" ~ '^Respuesta [0-9]+: ';--> statement-breakpoint
UPDATE "webhook_deliveries" SET "last_error" = substring("last_error" from '^Respuesta [0-9]+') WHERE "last_error" ~ '^Respuesta [0-9]+: ';--> statement-breakpoint
UPDATE "webhook_delivery_attempts" SET "error" = 'La dirección de destino no existe o no es pública: envío rechazado'
 WHERE "error" LIKE 'La dirección % no es pública: envío rechazado' OR "error" LIKE 'getaddrinfo %';--> statement-breakpoint
UPDATE "webhook_deliveries" SET "last_error" = 'La dirección de destino no existe o no es pública: envío rechazado'
 WHERE "last_error" LIKE 'La dirección % no es pública: envío rechazado' OR "last_error" LIKE 'getaddrinfo %';
