ALTER TABLE "order_approval_items" ADD COLUMN "unit" text DEFAULT 'EA' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_approval_items" ADD COLUMN "pack_quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A submission made before this was asked in its part's unit of sale as it stands.
UPDATE "order_approval_items" SET "unit" = "products"."unit", "pack_quantity" = "products"."pack_quantity" FROM "products" WHERE "products"."id" = "order_approval_items"."product_id";
