CREATE TABLE "customer_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_search_matches" (
	"search" text NOT NULL,
	"sort" text NOT NULL,
	"sort_order" text NOT NULL,
	"version" bigint NOT NULL,
	"ids" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_search_matches_search_sort_sort_order_version_pk" PRIMARY KEY("search","sort","sort_order","version")
);
--> statement-breakpoint
CREATE INDEX "user_search_matches_version_idx" ON "user_search_matches" USING btree ("version");--> statement-breakpoint
INSERT INTO "customer_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- The version moves with every statement that changes customers, in its own transaction: a
-- search's stored matches can never outlive the customers they were read from.
CREATE FUNCTION customer_version_bump() RETURNS trigger AS $$
BEGIN
  UPDATE customer_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER customer_version_after_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION customer_version_bump();
