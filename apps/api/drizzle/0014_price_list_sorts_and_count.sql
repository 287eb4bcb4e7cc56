CREATE INDEX "gold_prices_harga_jual_id_idx" ON "gold_prices" USING btree ("harga_jual","id");--> statement-breakpoint
CREATE INDEX "gold_prices_harga_beli_id_idx" ON "gold_prices" USING btree ("harga_beli","id");--> statement-breakpoint
-- The price list's total without counting: row_counts keeps gold_prices' count like the other listed tables (0005).
CALL row_counts_track('gold_prices');
