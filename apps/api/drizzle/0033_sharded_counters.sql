-- Two counters every new redemption shares were one row each: row_counts' 'redemptions' buckets
-- ('*' and the status) and redemption_status_totals' REQUESTED row. Each insert locked them until
-- its commit, so at 50 connections the platform's requests queued on them one commit at a time
-- (20 ms of waiting a request in the benchmark). Now each database connection writes its own
-- shard, pg_backend_pid() % 16, and readers sum the shards. A transaction writes every counter
-- row on its one shard, in the same key order as before: two transactions on different shards
-- never wait on each other, and two on the same shard take the locks in the same order as before.
CREATE FUNCTION counter_shard() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 16)::smallint
$$;
--> statement-breakpoint
ALTER TABLE "row_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "row_counts" DROP CONSTRAINT "row_counts_table_name_bucket_pk";
--> statement-breakpoint
ALTER TABLE "row_counts" ADD CONSTRAINT "row_counts_table_name_bucket_shard_pk" PRIMARY KEY ("table_name", "bucket", "shard");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_apply(counted_table text, bucket_column text, rows_by_bucket jsonb, sign int) RETURNS void AS $$
BEGIN
  INSERT INTO row_counts (table_name, bucket, shard, n)
  SELECT counted_table, key, counter_shard(), sign * value::bigint FROM jsonb_each_text(rows_by_bucket) ORDER BY key
  ON CONFLICT (table_name, bucket, shard) DO UPDATE SET n = row_counts.n + excluded.n;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_after_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO row_counts (table_name, bucket, shard, n)
  SELECT TG_TABLE_NAME, bucket, counter_shard(), sum(delta) FROM (
    SELECT to_jsonb(r) ->> TG_ARGV[0] AS bucket, -1 AS delta FROM old_rows r
    UNION ALL
    SELECT to_jsonb(r) ->> TG_ARGV[0], 1 FROM new_rows r
  ) moved WHERE bucket IS NOT NULL GROUP BY bucket HAVING sum(delta) <> 0 ORDER BY bucket
  ON CONFLICT (table_name, bucket, shard) DO UPDATE SET n = row_counts.n + excluded.n;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
ALTER TABLE "redemption_status_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "redemption_status_totals" DROP CONSTRAINT "redemption_status_totals_pkey";
--> statement-breakpoint
ALTER TABLE "redemption_status_totals" ADD CONSTRAINT "redemption_status_totals_status_shard_pk" PRIMARY KEY ("status", "shard");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vault_count_totals_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO redemption_status_totals (status, shard, total)
    SELECT status, counter_shard(), sum(total) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (status, shard) DO UPDATE SET total = redemption_status_totals.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO redemption_status_totals (status, shard, total)
    SELECT status, counter_shard(), -sum(total) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (status, shard) DO UPDATE SET total = redemption_status_totals.total + excluded.total;
  ELSE
    INSERT INTO redemption_status_totals (status, shard, total)
    SELECT status, counter_shard(), sum(delta) FROM (
      SELECT o.status, -o.total AS delta FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.status IS DISTINCT FROM o.status OR n.total <> o.total
      UNION ALL
      SELECT n.status, n.total FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.status IS DISTINCT FROM o.status OR n.total <> o.total
    ) moved GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
    ON CONFLICT (status, shard) DO UPDATE SET total = redemption_status_totals.total + excluded.total;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
