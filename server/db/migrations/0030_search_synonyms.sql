CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phrases" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION oem_keys(numbers jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select coalesce(array_agg(upper(regexp_replace(value, '[^A-Za-z0-9]', '', 'g'))), '{}')
  from jsonb_array_elements_text(case when jsonb_typeof(numbers) = 'array' then numbers else '[]'::jsonb end)
$$;
--> statement-breakpoint
CREATE INDEX "products_oem_keys_idx" ON "products" USING gin (oem_keys("oem_numbers"));
--> statement-breakpoint
INSERT INTO "search_synonyms" ("phrases") VALUES
	('["ss", "stainless steel", "stainless"]'),
	('["hss", "high speed steel"]'),
	('["ppe", "personal protective equipment", "safety"]'),
	('["hi vis", "hi-vis", "high visibility"]'),
	('["ao", "aluminum oxide"]'),
	('["zirc", "zirconia"]'),
	('["cs", "carbon steel"]'),
	('["ms", "mild steel"]'),
	('["npt", "national pipe thread"]'),
	('["shcs", "socket head cap screw"]'),
	('["ptfe", "teflon"]'),
	('["ac", "alternating current"]');
