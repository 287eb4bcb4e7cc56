CREATE TABLE "reserve_snapshots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reserve_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"supply" numeric(38, 18) NOT NULL,
	"vault_grams" numeric(38, 18) NOT NULL,
	"reserved_grams" numeric(38, 18) NOT NULL,
	"backed" boolean NOT NULL,
	CONSTRAINT "reserve_snapshots_amounts_nonnegative" CHECK ("reserve_snapshots"."supply" >= 0 and "reserve_snapshots"."reserved_grams" >= 0)
);
--> statement-breakpoint
CREATE TABLE "admin_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reserve_snapshots_created_at_id_idx" ON "reserve_snapshots" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admin_events_created_at_idx" ON "admin_events" USING btree ("created_at");--> statement-breakpoint
-- The console hears of new redemptions whoever writes them (the customer platform, the demo
-- seed): one event per inserting statement, in its transaction, announced on commit. No lock
-- is taken here (a writer may go on to insert pieces, which lock stock counters), so a creation
-- may be numbered out of commit order; the console's other events are numbered in order.
CREATE FUNCTION admin_events_redemptions_created() RETURNS trigger AS $$
DECLARE
  created integer;
  ids jsonb;
  event_id bigint;
BEGIN
  SELECT count(*), CASE WHEN count(*) <= 100 THEN jsonb_agg(id ORDER BY id) END INTO created, ids FROM new_rows;
  IF created = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO admin_events (type, data) VALUES ('redemption.created', jsonb_build_object('redemptionIds', ids)) RETURNING id INTO event_id;
  PERFORM pg_notify('admin_events', jsonb_build_object('id', event_id, 'type', 'redemption.created', 'redemptionIds', ids)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER admin_events_redemptions_created AFTER INSERT ON redemptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_events_redemptions_created();
