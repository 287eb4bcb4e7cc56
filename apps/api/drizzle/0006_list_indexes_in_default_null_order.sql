DROP INDEX "customers_created_at_idx";--> statement-breakpoint
DROP INDEX "redemptions_created_at_idx";--> statement-breakpoint
DROP INDEX "redemptions_status_idx";--> statement-breakpoint
DROP INDEX "contact_messages_created_at_idx";--> statement-breakpoint
DROP INDEX "gold_prices_created_at_idx";--> statement-breakpoint
DROP INDEX "purchase_orders_created_at_idx";--> statement-breakpoint
DROP INDEX "token_transactions_occurred_at_idx";--> statement-breakpoint
CREATE INDEX "customers_created_at_id_idx" ON "customers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "redemptions_created_at_id_idx" ON "redemptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "redemptions_status_created_at_id_idx" ON "redemptions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_id_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "gold_prices_created_at_id_idx" ON "gold_prices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_at_id_idx" ON "purchase_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "token_transactions_occurred_at_id_idx" ON "token_transactions" USING btree ("occurred_at","id");