CREATE TABLE "chain_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"redemption_id" integer,
	"escrow_deposit_id" integer,
	"to_address" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"chain_id" integer,
	"from_address" text,
	"nonce" bigint,
	"signed_tx" text,
	"tx_hash" text,
	"sent_hashes" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_fee_per_gas" numeric(78, 0),
	"max_priority_fee_per_gas" numeric(78, 0),
	"broadcasts" integer DEFAULT 0 NOT NULL,
	"last_broadcast_at" timestamp with time zone,
	"mined_block" bigint,
	"mined_hash" text,
	"final_at" timestamp with time zone,
	"last_error" text,
	"retry_of" integer,
	"queued_by_admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_transactions_amount_positive" CHECK ("chain_transactions"."amount" > 0),
	CONSTRAINT "chain_transactions_signed_has_nonce" CHECK ("chain_transactions"."state" = 'queued' or "chain_transactions"."state" = 'failed' or ("chain_transactions"."nonce" is not null and "chain_transactions"."signed_tx" is not null))
);
--> statement-breakpoint
CREATE TABLE "escrow_deposits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "escrow_deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transfer_id" bigint NOT NULL,
	"from_address" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"redemption_id" integer,
	"unmatched_reason" text,
	"release" text,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "escrow_deposits_transfer_id_unique" UNIQUE("transfer_id"),
	CONSTRAINT "escrow_deposits_amount_positive" CHECK ("escrow_deposits"."amount" > 0),
	CONSTRAINT "escrow_deposits_matched_or_reason" CHECK (("escrow_deposits"."redemption_id" is null) = ("escrow_deposits"."unmatched_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "settlement_cursor" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_transfer_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD CONSTRAINT "chain_transactions_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD CONSTRAINT "chain_transactions_escrow_deposit_id_escrow_deposits_id_fk" FOREIGN KEY ("escrow_deposit_id") REFERENCES "public"."escrow_deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD CONSTRAINT "chain_transactions_retry_of_chain_transactions_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."chain_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_deposits" ADD CONSTRAINT "escrow_deposits_transfer_id_token_transactions_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."token_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_deposits" ADD CONSTRAINT "escrow_deposits_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_from_nonce_key" ON "chain_transactions" USING btree ("chain_id","from_address","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_one_burn_per_redemption" ON "chain_transactions" USING btree ("redemption_id","kind") WHERE "chain_transactions"."kind" in ('burn', 'fee') and "chain_transactions"."state" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_one_refund_per_deposit" ON "chain_transactions" USING btree ("escrow_deposit_id") WHERE "chain_transactions"."kind" = 'refund' and "chain_transactions"."state" <> 'failed';--> statement-breakpoint
CREATE INDEX "chain_transactions_open_idx" ON "chain_transactions" USING btree ("id") WHERE "chain_transactions"."state" in ('queued', 'signed', 'sent');--> statement-breakpoint
CREATE INDEX "chain_transactions_redemption_id_idx" ON "chain_transactions" USING btree ("redemption_id");--> statement-breakpoint
CREATE INDEX "chain_transactions_tx_hash_idx" ON "chain_transactions" USING btree ("tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "escrow_deposits_one_held_per_redemption" ON "escrow_deposits" USING btree ("redemption_id") WHERE "escrow_deposits"."redemption_id" is not null and "escrow_deposits"."release" is null;--> statement-breakpoint
CREATE INDEX "escrow_deposits_redemption_id_idx" ON "escrow_deposits" USING btree ("redemption_id");--> statement-breakpoint
CREATE INDEX "escrow_deposits_held_idx" ON "escrow_deposits" USING btree ("id") WHERE "escrow_deposits"."release" is null;--> statement-breakpoint
INSERT INTO "settlement_cursor" ("id") VALUES (1);
