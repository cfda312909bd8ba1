-- When the store backs itself up (server/backup/schedule.ts): one row, on by default at 02:00, keeping 7.
CREATE TABLE "backup_schedule" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"time" text DEFAULT '02:00' NOT NULL,
	"keep" integer DEFAULT 7 NOT NULL,
	"last_run_on" date,
	"last_result" text,
	"last_failed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_schedule_one_row" CHECK ("backup_schedule"."id"),
	CONSTRAINT "backup_schedule_time_format" CHECK ("backup_schedule"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "backup_schedule_keep_range" CHECK ("backup_schedule"."keep" between 1 and 365)
);--> statement-breakpoint
-- A new store (or one that gains this table) takes its first scheduled backup the next night, not at its first start.
INSERT INTO "backup_schedule" ("id", "last_run_on") VALUES (true, (now() AT TIME ZONE 'America/New_York')::date);
