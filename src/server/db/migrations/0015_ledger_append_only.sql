-- The ledger is append-only (a correction is a reversing transfer): the database itself refuses to
-- rewrite or erase a transfer, whatever code or operator asks. Idempotent, so it can be re-applied.
CREATE OR REPLACE FUNCTION ledger_transfers_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_transfers is append-only: % refused (a correction is a reversing transfer)', TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_transfers_no_update_delete ON ledger_transfers;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_update_delete
  BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_append_only();
--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_transfers_no_truncate ON ledger_transfers;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate
  BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_append_only();
