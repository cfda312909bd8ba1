-- An API key carries its own scope (domain/companies/api-keys.ts). The keys made before did all
-- of it, so they keep every scope; a new key is given the scopes its maker chooses.
ALTER TABLE "company_api_keys" ADD COLUMN "scopes" text[] DEFAULT '{catalog:read,orders:read,addresses:read,orders:write}' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_api_keys" ALTER COLUMN "scopes" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "company_api_keys" ADD CONSTRAINT "company_api_keys_scopes_known" CHECK (cardinality("company_api_keys"."scopes") > 0 and "company_api_keys"."scopes" <@ array['catalog:read', 'orders:read', 'addresses:read', 'orders:write']::text[]);
