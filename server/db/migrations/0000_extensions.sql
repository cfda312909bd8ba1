-- drizzle-kit emits no CREATE EXTENSION: trigram search for part numbers and typos.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
