CREATE TABLE "denomination_piece_counts" (
	"denomination_id" integer NOT NULL,
	"status" text NOT NULL,
	"pieces" bigint NOT NULL,
	CONSTRAINT "denomination_piece_counts_denomination_id_status_pk" PRIMARY KEY("denomination_id","status")
);
--> statement-breakpoint
CREATE TABLE "redemption_status_totals" (
	"status" text PRIMARY KEY NOT NULL,
	"total" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "denomination_piece_counts" ADD CONSTRAINT "denomination_piece_counts_denomination_id_gold_denominations_id_fk" FOREIGN KEY ("denomination_id") REFERENCES "public"."gold_denominations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redemptions_appointment_idx" ON "redemptions" USING btree ("appointment_date","time_slot","id");--> statement-breakpoint
CREATE INDEX "redemptions_status_appointment_idx" ON "redemptions" USING btree ("status","appointment_date","time_slot","id");--> statement-breakpoint
CREATE INDEX "redemptions_total_id_idx" ON "redemptions" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "redemptions_status_total_id_idx" ON "redemptions" USING btree ("status","total","id");