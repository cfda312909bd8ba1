CREATE TABLE "catalogue_index_followers" (
	"follower" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
