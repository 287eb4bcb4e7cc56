CREATE TABLE "chain_indexed_blocks" (
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"parent_hash" text,
	CONSTRAINT "chain_indexed_blocks_chain_id_contract_address_block_number_pk" PRIMARY KEY("chain_id","contract_address","block_number")
);
--> statement-breakpoint
ALTER TABLE "token_transactions" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "token_transactions" ADD COLUMN "block_hash" text;--> statement-breakpoint
ALTER TABLE "token_transactions" ADD COLUMN "tx_index" integer;--> statement-breakpoint
ALTER TABLE "token_transactions" ADD COLUMN "final" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "token_transactions_block_number_idx" ON "token_transactions" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "token_transactions_pending_block_number_idx" ON "token_transactions" USING btree ("block_number") WHERE not "token_transactions"."final";