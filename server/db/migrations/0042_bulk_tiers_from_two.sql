-- A bulk tier starts at 2 units: the price of one is the product's price. The seeded catalogue also
-- stored it as a tier from 1 unit, which the export wrote out and the import then refused (issue 34);
-- those rows only repeat the price, so they go, and the table holds the rule from here on.
DELETE FROM "product_bulk_tiers" WHERE "min_quantity" < 2;--> statement-breakpoint
ALTER TABLE "product_bulk_tiers" DROP CONSTRAINT "product_bulk_tiers_min_positive";--> statement-breakpoint
ALTER TABLE "product_bulk_tiers" ADD CONSTRAINT "product_bulk_tiers_from_two" CHECK ("product_bulk_tiers"."min_quantity" >= 2);
