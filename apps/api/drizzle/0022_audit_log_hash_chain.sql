CREATE TABLE "audit_log_chain" (
	"position" bigint PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_log_chain_entry_id_unique" UNIQUE("entry_id"),
	CONSTRAINT "audit_log_chain_prev_hash_unique" UNIQUE("prev_hash"),
	CONSTRAINT "audit_log_chain_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "audit_log_chain" ADD CONSTRAINT "audit_log_chain_entry_id_audit_log_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."audit_log"("id") ON DELETE no action ON UPDATE no action;