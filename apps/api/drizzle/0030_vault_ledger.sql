-- The vault ledger (issue 32): pieces with serials at vault locations, append-only movements, and
-- the four-eyes confirmations that make them. gold_denominations.amount (the spec's stock) is now
-- derived from the movements by a trigger; available = amount - REDEEMED pieces stays the formula,
-- and pieces in_vault (all locations) = available for every denomination.
CREATE TABLE "vault_confirmations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vault_confirmations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"maker_id" integer NOT NULL,
	"checker_id" integer,
	"summary" text NOT NULL,
	"payload" jsonb NOT NULL,
	"location_id" integer,
	"redemption_id" integer,
	"grams" bigint NOT NULL,
	"piece_count" integer NOT NULL,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "vault_confirmations_kind" CHECK ("kind" in ('receipt', 'write_off', 'transfer', 'count_adjustment', 'hand_over')),
	-- Four eyes: the admin who confirms or declines is never the one who proposed (whatever session).
	CONSTRAINT "vault_confirmations_four_eyes" CHECK ("checker_id" is null or "checker_id" <> "maker_id"),
	CONSTRAINT "vault_confirmations_state" CHECK (
		("status" = 'pending' and "checker_id" is null and "decided_at" is null and "decline_reason" is null)
		or ("status" = 'confirmed' and "checker_id" is not null and "decided_at" is not null and "decline_reason" is null)
		or ("status" = 'declined' and "checker_id" is not null and "decided_at" is not null and "decline_reason" is not null)
		or ("status" = 'withdrawn' and "checker_id" is null and "decided_at" is not null and "decline_reason" is null)),
	CONSTRAINT "vault_confirmations_figures" CHECK ("grams" >= 0 and "piece_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vault_pieces" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vault_pieces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"serial" text NOT NULL,
	"placeholder" boolean DEFAULT false NOT NULL,
	"refiner" text NOT NULL,
	"fineness" numeric(5, 2) NOT NULL,
	"denomination_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"status" text DEFAULT 'in_vault' NOT NULL,
	"redemption_id" integer,
	"receipt_reference" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vault_pieces_status" CHECK ("status" in ('in_vault', 'handed_over', 'written_off', 'missing')),
	CONSTRAINT "vault_pieces_handed_over_redemption" CHECK (("status" = 'handed_over') = ("redemption_id" is not null)),
	CONSTRAINT "vault_pieces_fineness" CHECK ("fineness" >= 900 and "fineness" < 1000)
);
--> statement-breakpoint
CREATE TABLE "vault_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vault_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"piece_id" integer NOT NULL,
	"denomination_id" integer NOT NULL,
	"from_location_id" integer,
	"to_location_id" integer,
	"redemption_id" integer,
	"note" text,
	"confirmation_id" integer,
	"maker_id" integer,
	"checker_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vault_movements_kind" CHECK ("kind" in ('opening', 'receipt', 'hand_over', 'write_off', 'transfer', 'count_adjustment')),
	-- Where a piece went: in (receipt, opening, found at a count), out (hand-over, write-off, missing) or between locations.
	CONSTRAINT "vault_movements_direction" CHECK (
		("kind" in ('opening', 'receipt') and "from_location_id" is null and "to_location_id" is not null)
		or ("kind" in ('hand_over', 'write_off') and "from_location_id" is not null and "to_location_id" is null)
		or ("kind" = 'transfer' and "from_location_id" is not null and "to_location_id" is not null and "from_location_id" <> "to_location_id")
		or ("kind" = 'count_adjustment' and ("from_location_id" is null) <> ("to_location_id" is null))),
	CONSTRAINT "vault_movements_hand_over_redemption" CHECK (("kind" = 'hand_over') = ("redemption_id" is not null)),
	CONSTRAINT "vault_movements_four_eyes" CHECK ("checker_id" is null or "checker_id" <> "maker_id")
);
--> statement-breakpoint
ALTER TABLE "vault_confirmations" ADD CONSTRAINT "vault_confirmations_maker_id_admins_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_confirmations" ADD CONSTRAINT "vault_confirmations_checker_id_admins_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_confirmations" ADD CONSTRAINT "vault_confirmations_location_id_vault_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."vault_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_confirmations" ADD CONSTRAINT "vault_confirmations_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_pieces" ADD CONSTRAINT "vault_pieces_denomination_id_gold_denominations_id_fk" FOREIGN KEY ("denomination_id") REFERENCES "public"."gold_denominations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_pieces" ADD CONSTRAINT "vault_pieces_location_id_vault_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."vault_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_pieces" ADD CONSTRAINT "vault_pieces_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_movements" ADD CONSTRAINT "vault_movements_piece_id_vault_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."vault_pieces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_movements" ADD CONSTRAINT "vault_movements_denomination_id_gold_denominations_id_fk" FOREIGN KEY ("denomination_id") REFERENCES "public"."gold_denominations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_movements" ADD CONSTRAINT "vault_movements_from_location_id_vault_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."vault_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_movements" ADD CONSTRAINT "vault_movements_to_location_id_vault_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."vault_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_movements" ADD CONSTRAINT "vault_movements_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_movements" ADD CONSTRAINT "vault_movements_confirmation_id_vault_confirmations_id_fk" FOREIGN KEY ("confirmation_id") REFERENCES "public"."vault_confirmations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_movements" ADD CONSTRAINT "vault_movements_maker_id_admins_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_movements" ADD CONSTRAINT "vault_movements_checker_id_admins_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vault_confirmations_status_created_at_id_idx" ON "vault_confirmations" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "vault_confirmations_created_at_id_idx" ON "vault_confirmations" USING btree ("created_at","id");--> statement-breakpoint
-- One pending hand-over confirmation per redemption.
CREATE UNIQUE INDEX "vault_confirmations_pending_hand_over_key" ON "vault_confirmations" USING btree ("redemption_id") WHERE "status" = 'pending' and "kind" = 'hand_over';--> statement-breakpoint
CREATE UNIQUE INDEX "vault_pieces_serial_key" ON "vault_pieces" USING btree ("serial");--> statement-breakpoint
-- Pieces in the vault per denomination and location, lowest id first (hand-overs take those): read from the index.
CREATE INDEX "vault_pieces_in_vault_idx" ON "vault_pieces" USING btree ("denomination_id","location_id","id") WHERE "status" = 'in_vault';--> statement-breakpoint
CREATE INDEX "vault_pieces_redemption_id_idx" ON "vault_pieces" USING btree ("redemption_id") WHERE "redemption_id" is not null;--> statement-breakpoint
CREATE INDEX "vault_pieces_location_id_idx" ON "vault_pieces" USING btree ("location_id","id");--> statement-breakpoint
CREATE INDEX "vault_movements_created_at_id_idx" ON "vault_movements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vault_movements_piece_id_idx" ON "vault_movements" USING btree ("piece_id","id");--> statement-breakpoint
CREATE INDEX "vault_movements_redemption_id_idx" ON "vault_movements" USING btree ("redemption_id") WHERE "redemption_id" is not null;--> statement-breakpoint
CREATE INDEX "vault_movements_confirmation_id_idx" ON "vault_movements" USING btree ("confirmation_id") WHERE "confirmation_id" is not null;--> statement-breakpoint
-- Reservations per location read only open redemptions (few), never the history.
CREATE INDEX "redemptions_open_location_idx" ON "redemptions" USING btree ("location_id","id") WHERE "status" in ('REQUESTED', 'PREPARATION');--> statement-breakpoint
-- Movements are append-only. TRUNCATE is refused too, except by the demo generator's --reset
-- (transaction-local setting; a role able to set it owns the table and could drop the trigger).
CREATE FUNCTION vault_movements_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' AND current_setting('gold.demo_reset', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'vault_movements is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vault_movements_no_update BEFORE UPDATE OR DELETE ON vault_movements FOR EACH ROW EXECUTE FUNCTION vault_movements_append_only();
--> statement-breakpoint
CREATE TRIGGER vault_movements_no_truncate BEFORE TRUNCATE ON vault_movements FOR EACH STATEMENT EXECUTE FUNCTION vault_movements_append_only();
--> statement-breakpoint
-- The stock (gold_denominations.amount) follows the movements: a receipt or a piece found at a
-- count +1, a write-off or a piece missing at a count -1; openings (stock already counted),
-- hand-overs (counted as REDEEMED pieces by the formula) and transfers 0. Writers lock the
-- denominations' rows in id order first, so this update waits for nobody.
CREATE FUNCTION vault_movements_move_stock() RETURNS trigger AS $$
BEGIN
  UPDATE gold_denominations d SET amount = d.amount + m.delta, updated_at = now()
    FROM (
      SELECT denomination_id, sum(CASE
               WHEN kind = 'receipt' THEN 1
               WHEN kind = 'write_off' THEN -1
               WHEN kind = 'count_adjustment' AND to_location_id IS NOT NULL THEN 1
               WHEN kind = 'count_adjustment' THEN -1
               ELSE 0 END) AS delta
        FROM new_rows GROUP BY denomination_id
    ) m
   WHERE d.id = m.denomination_id AND m.delta <> 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vault_movements_move_stock AFTER INSERT ON vault_movements REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vault_movements_move_stock();
--> statement-breakpoint
-- A decided confirmation is final, and what was proposed (kind, maker, payload, figures) never changes.
CREATE FUNCTION vault_confirmations_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'vault_confirmations: DELETE refused' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'vault_confirmations: confirmation % is % already', OLD.id, OLD.status USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.kind IS DISTINCT FROM OLD.kind OR NEW.maker_id IS DISTINCT FROM OLD.maker_id OR NEW.payload IS DISTINCT FROM OLD.payload
     OR NEW.summary IS DISTINCT FROM OLD.summary OR NEW.location_id IS DISTINCT FROM OLD.location_id OR NEW.redemption_id IS DISTINCT FROM OLD.redemption_id
     OR NEW.grams IS DISTINCT FROM OLD.grams OR NEW.piece_count IS DISTINCT FROM OLD.piece_count
     OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
    RAISE EXCEPTION 'vault_confirmations: what was proposed cannot change' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vault_confirmations_guard BEFORE UPDATE OR DELETE ON vault_confirmations FOR EACH ROW EXECUTE FUNCTION vault_confirmations_guard();
--> statement-breakpoint
-- Placeholder pieces for stock counted before it had serials: PH-<denom>G-000001 on, in the vault
-- at location 1, each with an 'opening' movement (stock unchanged: it was counted already).
CREATE FUNCTION vault_open_placeholder_pieces(denomination integer, pieces integer) RETURNS void AS $$
DECLARE
  grams integer;
  first integer;
BEGIN
  IF pieces <= 0 THEN RETURN; END IF;
  SELECT denom INTO grams FROM gold_denominations WHERE id = denomination;
  SELECT count(*) + 1 INTO first FROM vault_pieces WHERE denomination_id = denomination AND placeholder;
  WITH made AS (
    INSERT INTO vault_pieces (serial, placeholder, refiner, fineness, denomination_id, location_id, receipt_reference)
    SELECT 'PH-' || grams || 'G-' || lpad(n::text, greatest(6, length(n::text)), '0'), true, 'Unrecorded', 999.9, denomination, 1, null
      FROM generate_series(first, first + pieces - 1) AS n ORDER BY n
    RETURNING id
  )
  INSERT INTO vault_movements (kind, piece_id, denomination_id, to_location_id, note)
  SELECT 'opening', made.id, denomination, 1, 'Stock counted before serials were recorded' FROM made ORDER BY made.id;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A denomination written with stock directly (a test's or a tool's insert, not the API's) gets that
-- stock as placeholder pieces, as the migration below does: the ledger always holds what amount says.
CREATE FUNCTION vault_denomination_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM vault_open_placeholder_pieces(NEW.id, NEW.amount);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vault_denomination_inserted AFTER INSERT ON gold_denominations FOR EACH ROW WHEN (NEW.amount > 0)
  EXECUTE FUNCTION vault_denomination_inserted();
--> statement-breakpoint
-- Today's counts become pieces: per denomination, stock - REDEEMED pieces.
SELECT vault_open_placeholder_pieces(d.id, d.amount - coalesce(k.pieces, 0)::int)
  FROM gold_denominations d LEFT JOIN denomination_piece_counts k ON k.denomination_id = d.id AND k.status = 'REDEEMED'
 ORDER BY d.id;
