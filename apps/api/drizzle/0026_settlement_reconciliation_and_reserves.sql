ALTER TABLE "reserve_snapshots" ADD COLUMN "burns_in_flight" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "reserve_snapshots" ADD COLUMN "escrow_held" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "chain_transactions_state_id_idx" ON "chain_transactions" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "chain_transactions_kind_id_idx" ON "chain_transactions" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "chain_transactions_retry_of_idx" ON "chain_transactions" USING btree ("retry_of");--> statement-breakpoint
CREATE INDEX "chain_transactions_escrow_deposit_id_idx" ON "chain_transactions" USING btree ("escrow_deposit_id");--> statement-breakpoint
CREATE INDEX "chain_transactions_mined_hash_idx" ON "chain_transactions" USING btree ("mined_hash");--> statement-breakpoint
CREATE INDEX "chain_transactions_final_burn_block_idx" ON "chain_transactions" USING btree ("mined_block") WHERE "chain_transactions"."kind" = 'burn' and "chain_transactions"."state" = 'final';--> statement-breakpoint
CREATE INDEX "escrow_deposits_unmatched_idx" ON "escrow_deposits" USING btree ("id") WHERE "escrow_deposits"."redemption_id" is null;