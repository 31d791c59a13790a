-- Decision 329: a redemption is ONE statement, this function, instead of eleven round trips.
-- Every value it writes is built by the server (src/server/modules/redemptions/service.ts): the rows
-- as JSON keyed by column name, the events, the answer. The function only does what needs the
-- database: the key's claim, the guarded writes in the ledger's lock order, the transfer's id and the
-- wallet's balance, which it writes into the transfer row, the event and the answer.

-- An idempotency key claimed with an answer (0 and {} while its work runs), or taken over when older
-- than the TTL. False when the key is live under another request; the insert waits for that one to
-- end first. The server's claim statement and jobby_redeem both call it: the rule lives here once.
CREATE OR REPLACE FUNCTION jobby_claim_key(p_actor text, p_key text, p_operation text, p_hash text, p_status int, p_body jsonb, p_ttl_hours int)
RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO idempotency_keys AS k (actor_id, key, operation, request_hash, response_status, response_body)
  VALUES (p_actor, p_key, p_operation, p_hash, p_status, p_body)
  ON CONFLICT (actor_id, key) DO UPDATE
    SET operation = excluded.operation, request_hash = excluded.request_hash,
        response_status = excluded.response_status, response_body = excluded.response_body, created_at = now()
    WHERE k.created_at <= now() - make_interval(hours => p_ttl_hours);
  RETURN FOUND;
END
$$;
--> statement-breakpoint

-- The outbox (issue 10): the events' rows in array order, then the workers' wake-up call and the live
-- screens' messages as NOTIFYs, delivered at COMMIT. p_events: [{type, payload}]; p_notices:
-- [[channel, payload]] (recordingValues in events/outbox.ts). Answers how many notices were sent.
CREATE OR REPLACE FUNCTION jobby_record_events(p_events jsonb, p_notices jsonb)
RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_notified bigint;
BEGIN
  INSERT INTO domain_events (type, payload)
  SELECT e.event->>'type', e.event->'payload'
  FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(event, position)
  ORDER BY e.position;
  SELECT count(pg_notify(n.notice->>0, n.notice->>1)) INTO v_notified FROM jsonb_array_elements(p_notices) AS n(notice);
  RETURN v_notified;
END
$$;
--> statement-breakpoint

-- One redemption, in the ledger's lock order (transfer() in ledger/service.ts): the key, the
-- employee's count row, the wallet, the new rows, and LAST the two rows every redemption of the
-- benefit and of the company queues on: the benefit's unit of stock and the shared account's credit,
-- held from there to the COMMIT that ends this statement.
-- p: {key: {actor_id, key, operation, request_hash, ttl_hours} | null,
--     count: {catalogue: 'platform'|'company', benefit_id, user_id, limit (0 = none)},
--     payment: {wallet_id, amount, shared: ledger_accounts row},
--     request, redemption, code (or null), transfer: rows keyed by column name (every column but
--       the transfer's id, balances and created_at, which this function writes),
--     events, notices (jobby_record_events), transfer_id_path: where the transfer's id goes in events,
--     answer, balance_path: where the wallet's balance after goes in the answer,
--     stock: {catalogue, benefit_id, start_date, end_date} | null (a benefit without stock)}
-- Answers {answer} once stored and committed, or {stored: the key's row} when the key is live under
-- another request. Refuses by raising, so that nothing of it stays: JBR01 the employee's limit,
-- JBR02 too few tokens (DETAIL: the balance held), JBC01 the drawn code exists, JBG01 the stock went
-- or the benefit closed or changed its dates since it was read, JBA01 the shared account is missing.
CREATE OR REPLACE FUNCTION jobby_redeem(p jsonb)
RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_key jsonb := p->'key';
  v_count jsonb := p->'count';
  v_payment jsonb := p->'payment';
  v_stock jsonb := p->'stock';
  v_amount bigint := (p->'payment'->>'amount')::bigint;
  v_limit int := (p->'count'->>'limit')::int;
  v_balance bigint;
  v_transfer_id bigint;
  v_answer jsonb;
  v_stored jsonb;
BEGIN
  IF jsonb_typeof(v_key) = 'object'
     AND NOT jobby_claim_key(v_key->>'actor_id', v_key->>'key', v_key->>'operation', v_key->>'request_hash', 0, '{}', (v_key->>'ttl_hours')::int) THEN
    SELECT jsonb_build_object('operation', k.operation, 'requestHash', k.request_hash, 'responseStatus', k.response_status, 'responseBody', k.response_body)
      INTO v_stored
      FROM idempotency_keys k WHERE k.actor_id = v_key->>'actor_id' AND k.key = v_key->>'key';
    RETURN jsonb_build_object('stored', v_stored);
  END IF;

  -- The employee's count row: one more, only while under the limit.
  IF v_count->>'catalogue' = 'platform' THEN
    INSERT INTO platform_benefit_user_counts AS u (benefit_id, user_id, count)
    VALUES ((v_count->>'benefit_id')::uuid, v_count->>'user_id', 1)
    ON CONFLICT (benefit_id, user_id) DO UPDATE SET count = u.count + 1 WHERE v_limit = 0 OR u.count < v_limit;
  ELSE
    INSERT INTO company_benefit_user_counts AS u (benefit_id, user_id, count)
    VALUES ((v_count->>'benefit_id')::uuid, v_count->>'user_id', 1)
    ON CONFLICT (benefit_id, user_id) DO UPDATE SET count = u.count + 1 WHERE v_limit = 0 OR u.count < v_limit;
  END IF;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'jobby: ALREADY_REDEEMED' USING ERRCODE = 'JBR01';
  END IF;

  -- The wallet's conditional debit. The shared account is opened if new: DO NOTHING locks no row.
  INSERT INTO ledger_accounts
  SELECT * FROM jsonb_populate_record(null::ledger_accounts, v_payment->'shared' || jsonb_build_object('balance', 0, 'updated_at', now()))
  ON CONFLICT (id) DO NOTHING;
  UPDATE ledger_accounts a SET balance = a.balance - v_amount, updated_at = now()
  WHERE a.id = v_payment->>'wallet_id' AND a.balance >= v_amount
  RETURNING a.balance INTO v_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'jobby: INSUFFICIENT_TOKENS' USING ERRCODE = 'JBR02',
      DETAIL = coalesce((SELECT a.balance FROM ledger_accounts a WHERE a.id = v_payment->>'wallet_id'), 0)::text;
  END IF;
  v_transfer_id := nextval(pg_get_serial_sequence('ledger_transfers', 'id'));

  INSERT INTO benefit_requests SELECT * FROM jsonb_populate_record(null::benefit_requests, p->'request');
  INSERT INTO redemptions SELECT * FROM jsonb_populate_record(null::redemptions, p->'redemption');
  IF jsonb_typeof(p->'code') = 'object' THEN
    INSERT INTO benefit_codes SELECT * FROM jsonb_populate_record(null::benefit_codes, p->'code') ON CONFLICT (code) DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'jobby: code taken' USING ERRCODE = 'JBC01';
    END IF;
  END IF;
  INSERT INTO ledger_transfers
  SELECT * FROM jsonb_populate_record(null::ledger_transfers, p->'transfer' || jsonb_build_object(
    'id', v_transfer_id, 'balance_before', v_balance + v_amount, 'balance_after', v_balance, 'created_at', now()));
  PERFORM jobby_record_events(
    jsonb_set(p->'events', ARRAY(SELECT jsonb_array_elements_text(p->'transfer_id_path')), to_jsonb(v_transfer_id)),
    p->'notices');

  v_answer := jsonb_set(p->'answer', ARRAY(SELECT jsonb_array_elements_text(p->'balance_path')), to_jsonb(v_balance));
  IF jsonb_typeof(v_key) = 'object' THEN
    UPDATE idempotency_keys k SET response_status = 200, response_body = v_answer
    WHERE k.actor_id = v_key->>'actor_id' AND k.key = v_key->>'key';
  END IF;

  -- Last: the benefit's unit of stock (status, stock and the dates read, checked again), then the credit.
  IF v_stock->>'catalogue' = 'platform' THEN
    UPDATE platform_benefits b SET stock_remaining = b.stock_remaining - 1
    WHERE b.id = (v_stock->>'benefit_id')::uuid AND b.status = 'active' AND b.stock_remaining > 0;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'jobby: JBG01' USING ERRCODE = 'JBG01';
    END IF;
  ELSIF v_stock->>'catalogue' = 'company' THEN
    UPDATE company_benefits b SET available_tokens = b.available_tokens - 1
    WHERE b.id = (v_stock->>'benefit_id')::uuid AND b.status = 'active' AND b.available_tokens > 0
      AND b.start_date IS NOT DISTINCT FROM (v_stock->>'start_date')::date
      AND b.end_date IS NOT DISTINCT FROM (v_stock->>'end_date')::date;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'jobby: JBG01' USING ERRCODE = 'JBG01';
    END IF;
  END IF;
  UPDATE ledger_accounts a SET balance = a.balance + v_amount, updated_at = now() WHERE a.id = v_payment->'shared'->>'id';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'jobby: JBA01' USING ERRCODE = 'JBA01';
  END IF;
  RETURN jsonb_build_object('answer', v_answer);
END
$$;
--> statement-breakpoint

-- Decision 323's check for a final statement that carried its COMMIT has no caller left: the
-- redemption is one call of jobby_redeem now.
DROP FUNCTION IF EXISTS jobby_refuse_unless(boolean, text);
