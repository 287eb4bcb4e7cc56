-- The identity document the teller checked at the counter (issue 32): type and last 4 characters only,
-- who and when. Appended, never changed: the latest check since the redemption's last status change counts.
CREATE TABLE "redemption_identity_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redemption_identity_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"redemption_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"last4" text NOT NULL,
	"admin_id" integer NOT NULL,
	"checked_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "redemption_identity_checks_document_type" CHECK ("redemption_identity_checks"."document_type" in ('KTP', 'PASSPORT', 'SIM')),
	CONSTRAINT "redemption_identity_checks_last4" CHECK ("redemption_identity_checks"."last4" ~ '^[A-Za-z0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "redemption_identity_checks" ADD CONSTRAINT "redemption_identity_checks_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemption_identity_checks" ADD CONSTRAINT "redemption_identity_checks_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redemption_identity_checks_redemption_idx" ON "redemption_identity_checks" USING btree ("redemption_id","id");--> statement-breakpoint
-- A recorded check is evidence: it is never rewritten (a new check is appended instead).
CREATE FUNCTION redemption_identity_checks_refuse_update() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'redemption_identity_checks is append-only: record a new check instead';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER redemption_identity_checks_no_update BEFORE UPDATE ON "redemption_identity_checks"
  FOR EACH ROW EXECUTE FUNCTION redemption_identity_checks_refuse_update();
