CREATE TABLE "product_bulk_tiers" (
	"product_id" uuid NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	CONSTRAINT "product_bulk_tiers_product_id_min_quantity_pk" PRIMARY KEY("product_id","min_quantity"),
	CONSTRAINT "product_bulk_tiers_min_positive" CHECK ("product_bulk_tiers"."min_quantity" >= 1),
	CONSTRAINT "product_bulk_tiers_price_nonnegative" CHECK ("product_bulk_tiers"."unit_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_bulk_tiers" ADD CONSTRAINT "product_bulk_tiers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;