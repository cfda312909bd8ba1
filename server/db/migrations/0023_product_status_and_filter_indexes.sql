CREATE INDEX "products_status_part_number_idx" ON "products" USING btree ("status","part_number");--> statement-breakpoint
CREATE INDEX "products_stock_level_idx" ON "products" USING btree ("stock_level");--> statement-breakpoint
CREATE INDEX "products_listed_idx" ON "products" USING btree ("category","subcategory") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_shown_slug_idx" ON "products" USING btree ("slug") WHERE "products"."status" <> 'draft';