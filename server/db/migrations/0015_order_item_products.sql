ALTER TABLE "order_items" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
-- Lines written before this column existed find their product by the part number they copied.
UPDATE "order_items" SET "product_id" = "products"."id" FROM "products" WHERE "products"."part_number" = "order_items"."product_sku" AND "order_items"."product_id" IS NULL;--> statement-breakpoint
-- A checkout kept for a card payment holds its addresses as one value each (shipping, billing),
-- as the checkout form now sends them.
UPDATE "checkout_payments" SET "checkout" = ("checkout"
    - 'shippingAddressLine1' - 'shippingAddressLine2' - 'shippingCity' - 'shippingState' - 'shippingZip' - 'shippingCountry'
    - 'billingAddressLine1' - 'billingAddressLine2' - 'billingCity' - 'billingState' - 'billingZip' - 'billingCountry')
  || jsonb_build_object(
    'shipping', jsonb_strip_nulls(jsonb_build_object('line1', "checkout"->'shippingAddressLine1', 'line2', "checkout"->'shippingAddressLine2', 'city', "checkout"->'shippingCity', 'state', "checkout"->'shippingState', 'zip', "checkout"->'shippingZip', 'country', "checkout"->'shippingCountry')),
    'billing', jsonb_strip_nulls(jsonb_build_object('line1', "checkout"->'billingAddressLine1', 'line2', "checkout"->'billingAddressLine2', 'city', "checkout"->'billingCity', 'state', "checkout"->'billingState', 'zip', "checkout"->'billingZip', 'country', "checkout"->'billingCountry')))
WHERE "checkout" ? 'shippingAddressLine1';
