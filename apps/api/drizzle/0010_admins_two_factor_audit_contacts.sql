CREATE TABLE "admin_recovery_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"admin_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip_address" "inet",
	CONSTRAINT "sign_in_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "two_factor_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "two_factor_pending_secret" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "two_factor_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "two_factor_last_step" bigint;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "ip_address" "inet";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip_address" "inet";--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_challenges" ADD CONSTRAINT "sign_in_challenges_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_recovery_codes_admin_code_key" ON "admin_recovery_codes" USING btree ("admin_id","code_hash");--> statement-breakpoint
CREATE INDEX "sign_in_challenges_admin_id_idx" ON "sign_in_challenges" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "contact_messages_ip_address_created_at_idx" ON "contact_messages" USING btree ("ip_address","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_occurred_at_id_idx" ON "audit_log" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_admin_id_occurred_at_id_idx" ON "audit_log" USING btree ("admin_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_occurred_at_id_idx" ON "audit_log" USING btree ("action","occurred_at","id");