-- The audit log's hash chain (table audit_log_chain, see the schema's comment). The canonical text of an
-- entry is the same in modules/audit/audit-chain.ts, which verifies the chain without these functions.
-- One field: '-' when null, else its length in UTF-8 bytes, ':' and its text (unambiguous whatever it holds).
CREATE FUNCTION audit_chain_field(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value IS NULL THEN '-' ELSE octet_length(convert_to(value, 'UTF8'))::text || ':' || value END
$$;
--> statement-breakpoint
-- hash = hex SHA-256 of: prev_hash | position | id | occurred_at (UTC, microseconds) | admin_id | action | entity
-- | entity_id | from_state | to_state | details (jsonb's own canonical text) | ip_address.
CREATE FUNCTION audit_chain_hash(prev_hash text, chain_position bigint, entry audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|', prev_hash,
    audit_chain_field(chain_position::text),
    audit_chain_field(entry.id::text),
    audit_chain_field(to_char(entry.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')),
    audit_chain_field(entry.admin_id::text),
    audit_chain_field(entry.action),
    audit_chain_field(entry.entity),
    audit_chain_field(entry.entity_id),
    audit_chain_field(entry.from_state),
    audit_chain_field(entry.to_state),
    audit_chain_field(entry.details::text),
    audit_chain_field(entry.ip_address::text)), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Entries already written are chained in id order.
DO $$
DECLARE
  entry audit_log;
  chain_position bigint := 0;
  prev text := repeat('0', 64);
  next_hash text;
BEGIN
  FOR entry IN SELECT * FROM audit_log ORDER BY id LOOP
    chain_position := chain_position + 1;
    next_hash := audit_chain_hash(prev, chain_position, entry);
    INSERT INTO audit_log_chain (position, entry_id, prev_hash, hash) VALUES (chain_position, entry.id, prev, next_hash);
    prev := next_hash;
  END LOOP;
END $$;
--> statement-breakpoint
-- Links an entry when its transaction commits (a deferred trigger), under one lock held until the commit:
-- the chain is linear whichever process writes, and the lock is taken after every other lock the
-- transaction holds (taken at the insert it could deadlock with work done after recordAudit).
-- SECURITY DEFINER: the runtime role needs no right on audit_log_chain beyond SELECT.
CREATE FUNCTION audit_log_chain_link() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  head_position bigint;
  head_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('gold-back-office:audit-chain', 0));
  SELECT position, hash INTO head_position, head_hash FROM audit_log_chain ORDER BY position DESC LIMIT 1;
  head_position := coalesce(head_position, 0) + 1;
  head_hash := coalesce(head_hash, repeat('0', 64));
  INSERT INTO audit_log_chain (position, entry_id, prev_hash, hash)
    VALUES (head_position, NEW.id, head_hash, audit_chain_hash(head_hash, head_position, NEW));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_log_chain_link
  AFTER INSERT ON audit_log DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain_link();
--> statement-breakpoint
CREATE FUNCTION audit_refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_rewrite();
--> statement-breakpoint
CREATE TRIGGER audit_log_chain_append_only
  BEFORE UPDATE OR DELETE ON audit_log_chain
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_rewrite();
--> statement-breakpoint
CREATE TRIGGER audit_log_chain_no_truncate
  BEFORE TRUNCATE ON audit_log_chain
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_rewrite();
