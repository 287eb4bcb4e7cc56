CREATE TABLE "chain_indexer_status" (
	"chain_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"state" text NOT NULL,
	"head_block" bigint,
	"finalized_block" bigint,
	"indexed_block" bigint,
	"lag_blocks" bigint,
	"lag_seconds" bigint,
	"stalled" boolean DEFAULT false NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"last_reorg" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_indexer_status_chain_id_contract_address_pk" PRIMARY KEY("chain_id","contract_address")
);
--> statement-breakpoint
CREATE TABLE "stream_slots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stream_slots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_hash" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stream_slots_session_kind_idx" ON "stream_slots" USING btree ("session_hash","kind");