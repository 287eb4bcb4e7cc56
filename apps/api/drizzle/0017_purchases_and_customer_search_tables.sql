-- Tables named for their domain: purchase_orders -> purchases, user_search_matches -> customer_search_matches.
-- The row counts are kept under the table's name (TG_TABLE_NAME), so their row moves with it.
ALTER TABLE "purchase_orders" RENAME TO "purchases";--> statement-breakpoint
ALTER SEQUENCE "purchase_orders_id_seq" RENAME TO "purchases_id_seq";--> statement-breakpoint
ALTER TABLE "purchases" RENAME CONSTRAINT "purchase_orders_pkey" TO "purchases_pkey";--> statement-breakpoint
ALTER TABLE "purchases" RENAME CONSTRAINT "purchase_orders_amount_positive" TO "purchases_amount_positive";--> statement-breakpoint
ALTER TABLE "purchases" RENAME CONSTRAINT "purchase_orders_customer_id_customers_id_fk" TO "purchases_customer_id_customers_id_fk";--> statement-breakpoint
ALTER INDEX "purchase_orders_created_at_id_idx" RENAME TO "purchases_created_at_id_idx";--> statement-breakpoint
ALTER INDEX "purchase_orders_amount_id_idx" RENAME TO "purchases_amount_id_idx";--> statement-breakpoint
ALTER INDEX "purchase_orders_customer_id_idx" RENAME TO "purchases_customer_id_idx";--> statement-breakpoint
ALTER TRIGGER "purchase_orders_count_insert" ON "purchases" RENAME TO "purchases_count_insert";--> statement-breakpoint
ALTER TRIGGER "purchase_orders_count_delete" ON "purchases" RENAME TO "purchases_count_delete";--> statement-breakpoint
ALTER TRIGGER "purchase_orders_count_truncate" ON "purchases" RENAME TO "purchases_count_truncate";--> statement-breakpoint
UPDATE "row_counts" SET "table_name" = 'purchases' WHERE "table_name" = 'purchase_orders';--> statement-breakpoint
ALTER TABLE "user_search_matches" RENAME TO "customer_search_matches";--> statement-breakpoint
ALTER TABLE "customer_search_matches" RENAME CONSTRAINT "user_search_matches_search_sort_sort_order_version_pk" TO "customer_search_matches_search_sort_sort_order_version_pk";--> statement-breakpoint
ALTER INDEX "user_search_matches_version_idx" RENAME TO "customer_search_matches_version_idx";
