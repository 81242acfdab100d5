-- Trigram matching for listing search (typos and partial words); drizzle-kit does not emit extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
