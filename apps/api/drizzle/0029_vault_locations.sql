CREATE TABLE "vault_locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vault_locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The first location (id 1, the redemptions' default): every existing piece and redemption is here.
INSERT INTO "vault_locations" ("code", "name") VALUES ('JKT-01', 'Jakarta head office vault');--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "redemptions" ADD COLUMN "location_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "vault_locations_code_key" ON "vault_locations" USING btree ("code");--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_location_id_vault_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."vault_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_location_id_vault_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."vault_locations"("id") ON DELETE no action ON UPDATE no action;