-- Exact counts without counting: statement-level triggers keep row_counts in step with each
-- counted table, in the same transaction as the change. Bucket '*' is the whole table; with a
-- column name as the trigger argument, each value of that column gets its own bucket too.
CREATE FUNCTION row_counts_apply(counted_table text, bucket_column text, rows_by_bucket jsonb, sign int) RETURNS void AS $$
BEGIN
  INSERT INTO row_counts (table_name, bucket, n)
  SELECT counted_table, key, sign * value::bigint FROM jsonb_each_text(rows_by_bucket)
  ON CONFLICT (table_name, bucket) DO UPDATE SET n = row_counts.n + excluded.n;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION row_counts_after_insert() RETURNS trigger AS $$
DECLARE
  buckets jsonb;
BEGIN
  SELECT jsonb_object_agg(bucket, n) INTO buckets FROM (
    SELECT '*' AS bucket, count(*) AS n FROM new_rows
    UNION ALL
    SELECT to_jsonb(r) ->> TG_ARGV[0], count(*) FROM new_rows r WHERE TG_NARGS > 0 GROUP BY 1
  ) grouped WHERE bucket IS NOT NULL;
  PERFORM row_counts_apply(TG_TABLE_NAME, NULL, buckets, 1);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION row_counts_after_delete() RETURNS trigger AS $$
DECLARE
  buckets jsonb;
BEGIN
  SELECT jsonb_object_agg(bucket, n) INTO buckets FROM (
    SELECT '*' AS bucket, count(*) AS n FROM old_rows
    UNION ALL
    SELECT to_jsonb(r) ->> TG_ARGV[0], count(*) FROM old_rows r WHERE TG_NARGS > 0 GROUP BY 1
  ) grouped WHERE bucket IS NOT NULL;
  PERFORM row_counts_apply(TG_TABLE_NAME, NULL, buckets, -1);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Only for bucketed tables: a row that changes bucket (a redemption changing status) moves.
CREATE FUNCTION row_counts_after_update() RETURNS trigger AS $$
DECLARE
  leaving jsonb;
  arriving jsonb;
BEGIN
  SELECT jsonb_object_agg(bucket, n) INTO leaving FROM (
    SELECT to_jsonb(r) ->> TG_ARGV[0] AS bucket, count(*) AS n FROM old_rows r GROUP BY 1
  ) grouped WHERE bucket IS NOT NULL;
  SELECT jsonb_object_agg(bucket, n) INTO arriving FROM (
    SELECT to_jsonb(r) ->> TG_ARGV[0] AS bucket, count(*) AS n FROM new_rows r GROUP BY 1
  ) grouped WHERE bucket IS NOT NULL;
  PERFORM row_counts_apply(TG_TABLE_NAME, NULL, coalesce(leaving, '{}'), -1);
  PERFORM row_counts_apply(TG_TABLE_NAME, NULL, coalesce(arriving, '{}'), 1);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION row_counts_after_truncate() RETURNS trigger AS $$
BEGIN
  UPDATE row_counts SET n = 0 WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE PROCEDURE row_counts_track(counted_table text, bucket_column text DEFAULT NULL) AS $$
DECLARE
  argument text := CASE WHEN bucket_column IS NULL THEN '' ELSE quote_literal(bucket_column) END;
BEGIN
  EXECUTE format('CREATE TRIGGER %1$s_count_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_insert(%2$s)', counted_table, argument);
  EXECUTE format('CREATE TRIGGER %1$s_count_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_delete(%2$s)', counted_table, argument);
  EXECUTE format('CREATE TRIGGER %1$s_count_truncate AFTER TRUNCATE ON %1$I FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_truncate()', counted_table);
  IF bucket_column IS NOT NULL THEN
    EXECUTE format('CREATE TRIGGER %1$s_count_update AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_update(%2$s)', counted_table, argument);
  END IF;
  -- Start from what the table holds now.
  EXECUTE format('INSERT INTO row_counts (table_name, bucket, n) SELECT %1$L, ''*'', count(*) FROM %1$I', counted_table);
  IF bucket_column IS NOT NULL THEN
    EXECUTE format('INSERT INTO row_counts (table_name, bucket, n) SELECT %1$L, %2$I::text, count(*) FROM %1$I WHERE %2$I IS NOT NULL GROUP BY 2', counted_table, bucket_column);
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CALL row_counts_track('customers');
--> statement-breakpoint
CALL row_counts_track('redemptions', 'status');
--> statement-breakpoint
CALL row_counts_track('token_transactions');
--> statement-breakpoint
CALL row_counts_track('purchase_orders');
--> statement-breakpoint
CALL row_counts_track('contact_messages');
--> statement-breakpoint
CALL row_counts_track('admins', 'status');
