-- Decision 323: a transaction's final statement that must not commit unless its check holds raises
-- instead of answering false, so that its COMMIT can travel with it in one round trip.
CREATE OR REPLACE FUNCTION jobby_refuse_unless(ok boolean, refusal text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'jobby: %', refusal USING ERRCODE = refusal;
  END IF;
  RETURN true;
END
$$;
