CREATE TABLE "catalogue_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_changes_logged_at_idx" ON "catalogue_changes" USING btree ("logged_at");--> statement-breakpoint
-- Written by triggers, so every writer logs in its own transaction, including one not yet written:
-- one row per product a statement changed, and a wake-up for the processes that follow the log.
CREATE FUNCTION log_product_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO catalogue_changes (product_id) SELECT DISTINCT id FROM old_rows;
  ELSE
    INSERT INTO catalogue_changes (product_id) SELECT DISTINCT id FROM new_rows;
  END IF;
  IF FOUND THEN
    PERFORM pg_notify('catalogue_changes', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION log_product_value_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO catalogue_changes (product_id) SELECT DISTINCT product_id FROM old_rows;
  ELSE
    INSERT INTO catalogue_changes (product_id) SELECT DISTINCT product_id FROM new_rows;
  END IF;
  IF FOUND THEN
    PERFORM pg_notify('catalogue_changes', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_inserts_logged AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_changes();
--> statement-breakpoint
CREATE TRIGGER products_updates_logged AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_changes();
--> statement-breakpoint
CREATE TRIGGER products_deletes_logged AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_changes();
--> statement-breakpoint
CREATE TRIGGER product_values_inserts_logged AFTER INSERT ON product_attribute_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_value_changes();
--> statement-breakpoint
CREATE TRIGGER product_values_updates_logged AFTER UPDATE ON product_attribute_values REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_value_changes();
--> statement-breakpoint
CREATE TRIGGER product_values_deletes_logged AFTER DELETE ON product_attribute_values REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_product_value_changes();
