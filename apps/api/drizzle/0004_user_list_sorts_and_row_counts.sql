CREATE TABLE "row_counts" (
	"table_name" text NOT NULL,
	"bucket" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "row_counts_table_name_bucket_pk" PRIMARY KEY("table_name","bucket")
);
--> statement-breakpoint
CREATE INDEX "customers_dob_idx" ON "customers" USING btree ("dob","id");--> statement-breakpoint
CREATE INDEX "customers_gender_idx" ON "customers" USING btree ("gender","id");