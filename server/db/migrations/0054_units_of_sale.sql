ALTER TABLE "order_items" ADD COLUMN "unit" text DEFAULT 'EA' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "pack_quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit" text DEFAULT 'EA' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pack_quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_order_quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "order_multiple" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD COLUMN "unit" text DEFAULT 'EA' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD COLUMN "pack_quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_version_lines" ADD COLUMN "unit" text DEFAULT 'EA' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_version_lines" ADD COLUMN "pack_quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pack_quantity_positive" CHECK ("products"."pack_quantity" >= 1);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_order_quantities" CHECK ("products"."order_multiple" >= 1 and "products"."min_order_quantity" >= 1 and ("products"."min_order_quantity" = 1 or "products"."min_order_quantity" % "products"."order_multiple" = 0));