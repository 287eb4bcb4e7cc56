CREATE INDEX "customers_ekyc_status_idx" ON "customers" USING btree ("ekyc_status","id");--> statement-breakpoint
CREATE INDEX "customers_province_idx" ON "customers" USING btree ("province","id");