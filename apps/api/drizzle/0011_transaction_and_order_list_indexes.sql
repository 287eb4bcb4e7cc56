-- Transaction and purchase lists: sorts by amount, the transaction type filter under each sort
-- (plain ascending (column, id) indexes, read backwards for desc), and the transaction search by
-- the start of a hash or an address (LIKE 'prefix%' needs text_pattern_ops under any collation).
CREATE INDEX "purchase_orders_amount_id_idx" ON "purchase_orders" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "token_transactions_amount_id_idx" ON "token_transactions" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "token_transactions_type_occurred_at_id_idx" ON "token_transactions" USING btree ("type","occurred_at","id");--> statement-breakpoint
CREATE INDEX "token_transactions_type_amount_id_idx" ON "token_transactions" USING btree ("type","amount","id");--> statement-breakpoint
CREATE INDEX "token_transactions_txhash_prefix_idx" ON "token_transactions" USING btree ("txhash" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "token_transactions_from_address_prefix_idx" ON "token_transactions" USING btree ("from_address" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "token_transactions_to_address_prefix_idx" ON "token_transactions" USING btree ("to_address" text_pattern_ops);