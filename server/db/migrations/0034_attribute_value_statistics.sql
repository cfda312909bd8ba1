-- Which values an attribute has, as the planner sees them: without these it multiplies how common
-- an attribute is by how common a value is across all attributes (116 rows expected where a spec
-- filter leaves 5,567) and picks nested loops over hash joins for large subcategories.
CREATE STATISTICS IF NOT EXISTS "product_attribute_values_text_stats" (mcv, dependencies) ON "attribute_id", "text_value" FROM "product_attribute_values";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "product_attribute_values_number_stats" (mcv, dependencies) ON "attribute_id", "number_value" FROM "product_attribute_values";
