CREATE TABLE "back_in_stock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD CONSTRAINT "back_in_stock_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_requests_user_product_key" ON "back_in_stock_requests" USING btree ("user_id","product_id");--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_waiting_idx" ON "back_in_stock_requests" USING btree ("product_id") WHERE "back_in_stock_requests"."notified_at" is null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_lead_time_range" CHECK ("products"."lead_time_days" between 1 and 365);--> statement-breakpoint
-- hand-written: the generator wrote "ships the same day from stock" into every description and
-- "Ships same day when ordered before 3PM EST" among the key features, out-of-stock parts included;
-- the product page now promises same-day shipping for stock only (docs/decisions/product-page.md).
-- Only the generator's exact words change, so an operator's own texts stay.
UPDATE "products" SET "description" = replace("description", ' and ships the same day from stock.', '.')
WHERE "description" LIKE '%Meets or exceeds OEM specifications and ships the same day from stock.';
--> statement-breakpoint
UPDATE "products" SET "key_features" = "key_features" - 'Ships same day when ordered before 3PM EST'
WHERE "key_features" @> '["Ships same day when ordered before 3PM EST"]'::jsonb;
