CREATE TABLE "company_catalogue_categories" (
	"company_id" uuid NOT NULL,
	"category" text NOT NULL,
	CONSTRAINT "company_catalogue_categories_company_id_category_pk" PRIMARY KEY("company_id","category")
);
--> statement-breakpoint
CREATE TABLE "company_catalogue_parts" (
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"included" boolean NOT NULL,
	CONSTRAINT "company_catalogue_parts_company_id_product_id_pk" PRIMARY KEY("company_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "company_catalogues" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_catalogue_categories" ADD CONSTRAINT "company_catalogue_categories_company_id_company_catalogues_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_catalogues"("company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_catalogue_parts" ADD CONSTRAINT "company_catalogue_parts_company_id_company_catalogues_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company_catalogues"("company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_catalogue_parts" ADD CONSTRAINT "company_catalogue_parts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_catalogues" ADD CONSTRAINT "company_catalogues_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;