CREATE TABLE "chain_watcher_cursor" (
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"next_block" bigint NOT NULL,
	"last_block_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_watcher_cursor_chain_id_contract_address_pk" PRIMARY KEY("chain_id","contract_address")
);
--> statement-breakpoint
ALTER TABLE "token_transactions" DROP CONSTRAINT "token_transactions_txhash_unique";--> statement-breakpoint
ALTER TABLE "token_transactions" ADD COLUMN "log_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "token_transactions" ADD CONSTRAINT "token_transactions_txhash_log_index_unique" UNIQUE("txhash","log_index");