-- Vault figures without joining every piece ever requested: statement-level triggers keep
-- denomination_piece_counts (pieces per denomination and redemption status) and
-- redemption_status_totals (sum of totals per status) exact, in the same transaction as the
-- change, like row_counts (0005). Every trigger writes its counter rows in one statement,
-- ordered by key, and only the rows that really change: two transactions moving pieces in
-- opposite directions (a reject and a reset) then lock counter rows in the same order and
-- cannot deadlock.

-- Pieces: inserted, deleted or changed pieces count under their redemption's status.
CREATE FUNCTION denomination_piece_counts_pieces_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO denomination_piece_counts (denomination_id, status, pieces)
    SELECT p.denomination_id, r.status, sum(p.amount) FROM new_rows p JOIN redemptions r ON r.id = p.redemption_id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (denomination_id, status) DO UPDATE SET pieces = denomination_piece_counts.pieces + excluded.pieces;
  ELSIF TG_OP = 'DELETE' THEN
    -- Pieces deleted with their redemption were uncounted by redemptions_uncount_pieces (the
    -- redemption is gone by now and is skipped here).
    INSERT INTO denomination_piece_counts (denomination_id, status, pieces)
    SELECT p.denomination_id, r.status, -sum(p.amount) FROM old_rows p JOIN redemptions r ON r.id = p.redemption_id
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (denomination_id, status) DO UPDATE SET pieces = denomination_piece_counts.pieces + excluded.pieces;
  ELSE
    INSERT INTO denomination_piece_counts (denomination_id, status, pieces)
    SELECT denomination_id, status, sum(delta) FROM (
      SELECT p.denomination_id, r.status, -p.amount AS delta FROM old_rows p JOIN redemptions r ON r.id = p.redemption_id
      UNION ALL
      SELECT p.denomination_id, r.status, p.amount FROM new_rows p JOIN redemptions r ON r.id = p.redemption_id
    ) moved GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (denomination_id, status) DO UPDATE SET pieces = denomination_piece_counts.pieces + excluded.pieces;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER denomination_piece_counts_insert AFTER INSERT ON redemption_pieces REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION denomination_piece_counts_pieces_changed();
--> statement-breakpoint
CREATE TRIGGER denomination_piece_counts_delete AFTER DELETE ON redemption_pieces REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION denomination_piece_counts_pieces_changed();
--> statement-breakpoint
CREATE TRIGGER denomination_piece_counts_update AFTER UPDATE ON redemption_pieces REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION denomination_piece_counts_pieces_changed();
--> statement-breakpoint
-- A redemption changing status moves its pieces from the old status to the new one.
CREATE FUNCTION denomination_piece_counts_status_changed() RETURNS trigger AS $$
BEGIN
  INSERT INTO denomination_piece_counts (denomination_id, status, pieces)
  SELECT p.denomination_id, moved.status, sum(moved.sign * p.amount) FROM (
    SELECT o.id, o.status, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.status IS DISTINCT FROM o.status
    UNION ALL
    SELECT n.id, n.status, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.status IS DISTINCT FROM o.status
  ) moved JOIN redemption_pieces p ON p.redemption_id = moved.id
  GROUP BY 1, 2 HAVING sum(moved.sign * p.amount) <> 0 ORDER BY 1, 2
  ON CONFLICT (denomination_id, status) DO UPDATE SET pieces = denomination_piece_counts.pieces + excluded.pieces;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER denomination_piece_counts_status AFTER UPDATE ON redemptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION denomination_piece_counts_status_changed();
--> statement-breakpoint
-- A deleted redemption takes its pieces along (on delete cascade): uncount them while they still exist.
CREATE FUNCTION redemptions_uncount_pieces() RETURNS trigger AS $$
BEGIN
  INSERT INTO denomination_piece_counts (denomination_id, status, pieces)
  SELECT p.denomination_id, OLD.status, -sum(p.amount) FROM redemption_pieces p WHERE p.redemption_id = OLD.id
  GROUP BY 1 ORDER BY 1
  ON CONFLICT (denomination_id, status) DO UPDATE SET pieces = denomination_piece_counts.pieces + excluded.pieces;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER redemptions_uncount_pieces BEFORE DELETE ON redemptions FOR EACH ROW EXECUTE FUNCTION redemptions_uncount_pieces();
--> statement-breakpoint
-- Totals per status.
CREATE FUNCTION redemption_status_totals_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO redemption_status_totals (status, total)
    SELECT status, sum(total) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (status) DO UPDATE SET total = redemption_status_totals.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO redemption_status_totals (status, total)
    SELECT status, -sum(total) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (status) DO UPDATE SET total = redemption_status_totals.total + excluded.total;
  ELSE
    INSERT INTO redemption_status_totals (status, total)
    SELECT status, sum(delta) FROM (
      SELECT o.status, -o.total AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.status IS DISTINCT FROM o.status OR n.total <> o.total
      UNION ALL
      SELECT n.status, n.total FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.status IS DISTINCT FROM o.status OR n.total <> o.total
    ) moved GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
    ON CONFLICT (status) DO UPDATE SET total = redemption_status_totals.total + excluded.total;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER redemption_status_totals_insert AFTER INSERT ON redemptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION redemption_status_totals_changed();
--> statement-breakpoint
CREATE TRIGGER redemption_status_totals_delete AFTER DELETE ON redemptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION redemption_status_totals_changed();
--> statement-breakpoint
CREATE TRIGGER redemption_status_totals_update AFTER UPDATE ON redemptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION redemption_status_totals_changed();
--> statement-breakpoint
-- TRUNCATE (the demo generator's --reset) empties the counters with the tables.
CREATE FUNCTION redemption_counters_truncated() RETURNS trigger AS $$
BEGIN
  DELETE FROM denomination_piece_counts;
  IF TG_TABLE_NAME = 'redemptions' THEN
    DELETE FROM redemption_status_totals;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER redemption_counters_truncate AFTER TRUNCATE ON redemptions FOR EACH STATEMENT EXECUTE FUNCTION redemption_counters_truncated();
--> statement-breakpoint
CREATE TRIGGER redemption_counters_truncate AFTER TRUNCATE ON redemption_pieces FOR EACH STATEMENT EXECUTE FUNCTION redemption_counters_truncated();
--> statement-breakpoint
-- Start from what the tables hold now (a database with demo data migrates in place).
INSERT INTO denomination_piece_counts (denomination_id, status, pieces)
SELECT p.denomination_id, r.status, sum(p.amount) FROM redemption_pieces p JOIN redemptions r ON r.id = p.redemption_id GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO redemption_status_totals (status, total) SELECT status, sum(total) FROM redemptions GROUP BY 1;
--> statement-breakpoint
-- row_counts (0005) moved a status change in two statements, leaving bucket first: a reject
-- (REQUESTED -> REJECTED) and a reset (REJECTED -> REQUESTED) running at once locked the two
-- bucket rows in opposite orders and could deadlock. One statement, ordered by bucket, and
-- untouched when the bucket does not change (an update that keeps the status locks nothing).
CREATE OR REPLACE FUNCTION row_counts_after_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO row_counts (table_name, bucket, n)
  SELECT TG_TABLE_NAME, bucket, sum(delta) FROM (
    SELECT to_jsonb(r) ->> TG_ARGV[0] AS bucket, -1 AS delta FROM old_rows r
    UNION ALL
    SELECT to_jsonb(r) ->> TG_ARGV[0], 1 FROM new_rows r
  ) moved WHERE bucket IS NOT NULL GROUP BY bucket HAVING sum(delta) <> 0 ORDER BY bucket
  ON CONFLICT (table_name, bucket) DO UPDATE SET n = row_counts.n + excluded.n;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
