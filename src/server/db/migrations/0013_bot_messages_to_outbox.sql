-- The bot's analysis moves onto the outbox (issue 18 §18): an inbound message stored before this
-- version and never analysed (its copy stopped before the after-commit step ran) gets the event the
-- webhook now records with every message, so the workers analyse and answer it once.
INSERT INTO "domain_events" ("type", "payload")
SELECT 'bot.message.received', jsonb_build_object('messageId', "id")
FROM "bot_messages"
WHERE "direction" = 'inbound' AND "analyzed_at" IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM "domain_events" e
    WHERE e."type" = 'bot.message.received' AND e."payload" ->> 'messageId' = "bot_messages"."id"::text
  );
