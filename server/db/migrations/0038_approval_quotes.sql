-- An accepted quote above the buyer's spend limit waits for approval as a cart's order does
-- (docs/decisions/approvals.md): the submission names its quote, and a quote waits for one approval at a time.
ALTER TABLE "order_approvals" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "order_approvals" ADD CONSTRAINT "order_approvals_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_approvals_pending_quote_key" ON "order_approvals" USING btree ("quote_id") WHERE "order_approvals"."status" = 'pending';