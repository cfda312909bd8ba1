-- Back-orders (docs/decisions/back-orders.md). Every line ordered before them was taken from stock whole.
ALTER TABLE "order_items" ADD COLUMN "allocated_quantity" integer;--> statement-breakpoint
UPDATE "order_items" SET "allocated_quantity" = "quantity";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "allocated_quantity" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "backordered_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "backorder_expected_on" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "backorderable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_backordered_idx" ON "order_items" USING btree ("product_id") WHERE "order_items"."backordered_quantity" > 0;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_quantity_split" CHECK ("order_items"."allocated_quantity" >= 0 and "order_items"."backordered_quantity" >= 0 and "order_items"."allocated_quantity" + "order_items"."backordered_quantity" = "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_backorder_expected" CHECK (("order_items"."backordered_quantity" > 0) = ("order_items"."backorder_expected_on" is not null));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_backorderable_lead_time" CHECK (not "products"."backorderable" or "products"."lead_time_days" is not null);