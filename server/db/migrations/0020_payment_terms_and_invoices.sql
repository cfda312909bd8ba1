CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "store_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"overdue_grace_days" integer DEFAULT 15 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_one_row" CHECK ("store_settings"."id"),
	CONSTRAINT "store_settings_grace_days_range" CHECK ("store_settings"."overdue_grace_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "terms_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_key" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_terms_days_known" CHECK ("orders"."terms_days" is null or "orders"."terms_days" in (30, 60, 90));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_terms_days_known" CHECK ("profiles"."terms_days" in (30, 60, 90));--> statement-breakpoint
-- hand-written: the orders placed on terms before Net 60 and 90 existed were Net 30, and each gets
-- its invoice number in the order they were placed; the sequence goes on after the last one.
UPDATE "orders" SET "terms_days" = 30 WHERE "payment_method" = 'net_30';--> statement-breakpoint
WITH "numbered" AS (
	SELECT "id", row_number() OVER (ORDER BY "order_date", "order_number") AS "n"
	FROM "orders" WHERE "payment_method" = 'net_30'
)
UPDATE "orders" SET "invoice_number" = 'INV-' || lpad("numbered"."n"::text, greatest(6, length("numbered"."n"::text)), '0')
FROM "numbered" WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
SELECT setval('invoice_number_seq', greatest(count(*), 1), count(*) > 0) FROM "orders" WHERE "payment_method" = 'net_30';--> statement-breakpoint
INSERT INTO "store_settings" DEFAULT VALUES;
