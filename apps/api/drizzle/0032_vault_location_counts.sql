-- Per (denomination, location): pieces in the vault there and pieces reserved there by open
-- redemptions, kept exact by statement-level triggers in the same transaction as the change (like
-- denomination_piece_counts, 0008). A redemption request checked its location by counting the
-- pieces (20,000 a denomination in the platform benchmark) and summing every open redemption
-- collected there: 8 ms of the database's time each, growing with the vault and the queue. Now it
-- reads one row per denomination. Every trigger writes its rows in one statement, ordered by key,
-- and only the rows that change, so two transactions lock them in the same order.
CREATE TABLE "vault_location_counts" (
	"denomination_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"in_vault" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vault_location_counts_pk" PRIMARY KEY("denomination_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "vault_location_counts" ADD CONSTRAINT "vault_location_counts_denomination_id_fk" FOREIGN KEY ("denomination_id") REFERENCES "public"."gold_denominations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "vault_location_counts" ADD CONSTRAINT "vault_location_counts_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."vault_locations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Pieces: in_vault counts pieces whose status is in_vault, at their location.
CREATE FUNCTION vault_location_pieces_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO vault_location_counts (denomination_id, location_id, in_vault)
    SELECT denomination_id, location_id, count(*) FROM new_rows WHERE status = 'in_vault' GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (denomination_id, location_id) DO UPDATE SET in_vault = vault_location_counts.in_vault + excluded.in_vault;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO vault_location_counts (denomination_id, location_id, in_vault)
    SELECT denomination_id, location_id, -count(*) FROM old_rows WHERE status = 'in_vault' GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (denomination_id, location_id) DO UPDATE SET in_vault = vault_location_counts.in_vault + excluded.in_vault;
  ELSE
    INSERT INTO vault_location_counts (denomination_id, location_id, in_vault)
    SELECT denomination_id, location_id, sum(delta) FROM (
      SELECT denomination_id, location_id, -1 AS delta FROM old_rows WHERE status = 'in_vault'
      UNION ALL
      SELECT denomination_id, location_id, 1 FROM new_rows WHERE status = 'in_vault'
    ) moved GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (denomination_id, location_id) DO UPDATE SET in_vault = vault_location_counts.in_vault + excluded.in_vault;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vault_location_pieces_inserted AFTER INSERT ON vault_pieces REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vault_location_pieces_changed();
--> statement-breakpoint
CREATE TRIGGER vault_location_pieces_deleted AFTER DELETE ON vault_pieces REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vault_location_pieces_changed();
--> statement-breakpoint
CREATE TRIGGER vault_location_pieces_updated AFTER UPDATE ON vault_pieces REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vault_location_pieces_changed();
--> statement-breakpoint
-- Redemption pieces: reserved counts the pieces of open redemptions (REQUESTED, PREPARATION: the
-- contract's openRedemptionStatuses) at the redemption's location.
CREATE FUNCTION vault_location_reserved_pieces_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO vault_location_counts (denomination_id, location_id, reserved)
    SELECT p.denomination_id, r.location_id, sum(p.amount) FROM new_rows p JOIN redemptions r ON r.id = p.redemption_id
     WHERE r.status IN ('REQUESTED', 'PREPARATION') GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (denomination_id, location_id) DO UPDATE SET reserved = vault_location_counts.reserved + excluded.reserved;
  ELSIF TG_OP = 'DELETE' THEN
    -- Pieces deleted with their redemption were uncounted by vault_location_redemption_deleting.
    INSERT INTO vault_location_counts (denomination_id, location_id, reserved)
    SELECT p.denomination_id, r.location_id, -sum(p.amount) FROM old_rows p JOIN redemptions r ON r.id = p.redemption_id
     WHERE r.status IN ('REQUESTED', 'PREPARATION') GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (denomination_id, location_id) DO UPDATE SET reserved = vault_location_counts.reserved + excluded.reserved;
  ELSE
    INSERT INTO vault_location_counts (denomination_id, location_id, reserved)
    SELECT denomination_id, location_id, sum(delta) FROM (
      SELECT p.denomination_id, r.location_id, -p.amount AS delta FROM old_rows p JOIN redemptions r ON r.id = p.redemption_id
       WHERE r.status IN ('REQUESTED', 'PREPARATION')
      UNION ALL
      SELECT p.denomination_id, r.location_id, p.amount FROM new_rows p JOIN redemptions r ON r.id = p.redemption_id
       WHERE r.status IN ('REQUESTED', 'PREPARATION')
    ) moved GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (denomination_id, location_id) DO UPDATE SET reserved = vault_location_counts.reserved + excluded.reserved;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vault_location_reserved_inserted AFTER INSERT ON redemption_pieces REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vault_location_reserved_pieces_changed();
--> statement-breakpoint
CREATE TRIGGER vault_location_reserved_deleted AFTER DELETE ON redemption_pieces REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vault_location_reserved_pieces_changed();
--> statement-breakpoint
CREATE TRIGGER vault_location_reserved_updated AFTER UPDATE ON redemption_pieces REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vault_location_reserved_pieces_changed();
--> statement-breakpoint
-- A redemption that opens, closes or changes location moves its pieces' reservation.
CREATE FUNCTION vault_location_redemptions_changed() RETURNS trigger AS $$
BEGIN
  INSERT INTO vault_location_counts (denomination_id, location_id, reserved)
  SELECT p.denomination_id, moved.location_id, sum(moved.sign * p.amount) FROM (
    SELECT o.id, o.location_id, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE o.status IN ('REQUESTED', 'PREPARATION')
       AND (n.status NOT IN ('REQUESTED', 'PREPARATION') OR n.location_id <> o.location_id)
    UNION ALL
    SELECT n.id, n.location_id, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE n.status IN ('REQUESTED', 'PREPARATION')
       AND (o.status NOT IN ('REQUESTED', 'PREPARATION') OR n.location_id <> o.location_id)
  ) moved JOIN redemption_pieces p ON p.redemption_id = moved.id
  GROUP BY 1, 2 HAVING sum(moved.sign * p.amount) <> 0 ORDER BY 1, 2
  ON CONFLICT (denomination_id, location_id) DO UPDATE SET reserved = vault_location_counts.reserved + excluded.reserved;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vault_location_redemptions_changed AFTER UPDATE ON redemptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vault_location_redemptions_changed();
--> statement-breakpoint
-- A deleted open redemption takes its pieces along (on delete cascade): unreserve them while they exist.
CREATE FUNCTION vault_location_redemption_deleting() RETURNS trigger AS $$
BEGIN
  IF OLD.status IN ('REQUESTED', 'PREPARATION') THEN
    INSERT INTO vault_location_counts (denomination_id, location_id, reserved)
    SELECT p.denomination_id, OLD.location_id, -sum(p.amount) FROM redemption_pieces p WHERE p.redemption_id = OLD.id
    GROUP BY 1 ORDER BY 1
    ON CONFLICT (denomination_id, location_id) DO UPDATE SET reserved = vault_location_counts.reserved + excluded.reserved;
  END IF;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vault_location_redemption_deleting BEFORE DELETE ON redemptions FOR EACH ROW EXECUTE FUNCTION vault_location_redemption_deleting();
--> statement-breakpoint
-- TRUNCATE (the demo generator's --reset): what the emptied table counted goes to zero.
CREATE FUNCTION vault_location_counts_truncated() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'vault_pieces' THEN
    UPDATE vault_location_counts SET in_vault = 0 WHERE in_vault <> 0;
  ELSE
    UPDATE vault_location_counts SET reserved = 0 WHERE reserved <> 0;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vault_location_counts_truncated AFTER TRUNCATE ON vault_pieces FOR EACH STATEMENT EXECUTE FUNCTION vault_location_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER vault_location_counts_truncated AFTER TRUNCATE ON redemptions FOR EACH STATEMENT EXECUTE FUNCTION vault_location_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER vault_location_counts_truncated AFTER TRUNCATE ON redemption_pieces FOR EACH STATEMENT EXECUTE FUNCTION vault_location_counts_truncated();
--> statement-breakpoint
-- Start from what the tables hold now.
INSERT INTO vault_location_counts (denomination_id, location_id, in_vault, reserved)
SELECT denomination_id, location_id, sum(in_vault)::int, sum(reserved)::int FROM (
  SELECT denomination_id, location_id, count(*) AS in_vault, 0 AS reserved FROM vault_pieces WHERE status = 'in_vault' GROUP BY 1, 2
  UNION ALL
  SELECT p.denomination_id, r.location_id, 0, sum(p.amount) FROM redemption_pieces p JOIN redemptions r ON r.id = p.redemption_id
   WHERE r.status IN ('REQUESTED', 'PREPARATION') GROUP BY 1, 2
) counted GROUP BY 1, 2 ORDER BY 1, 2;
