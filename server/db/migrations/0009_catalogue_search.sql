DROP INDEX "products_category_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "related_products" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "part_key" text GENERATED ALWAYS AS (upper(regexp_replace(part_number, '[^A-Za-z0-9]', '', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, name || ' ' || brand || ' ' || part_number), 'A') || setweight(jsonb_to_tsvector('english'::regconfig, oem_numbers, '["string"]'), 'A') || setweight(jsonb_to_tsvector('english'::regconfig, specifications, '["string"]'), 'B') || setweight(to_tsvector('english'::regconfig, description), 'D')) STORED;--> statement-breakpoint
CREATE UNIQUE INDEX "products_part_key_key" ON "products" USING btree ("part_key");--> statement-breakpoint
CREATE INDEX "products_part_key_trgm_idx" ON "products" USING gin ("part_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_category_featured_idx" ON "products" USING btree ("category","subcategory","featured","review_count");--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category","subcategory","price");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","subcategory","name");