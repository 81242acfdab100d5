ALTER TABLE "listings" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "location_exact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- ll_to_earth (earthdistance, built on cube) for near-me search; drizzle-kit does not emit extensions.
-- In pg_catalog because ll_to_earth names earth() unqualified: pg_restore runs with an empty
-- search_path, and rebuilding the index below would fail to find earth() in any other schema.
CREATE EXTENSION IF NOT EXISTS cube SCHEMA pg_catalog;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance SCHEMA pg_catalog;--> statement-breakpoint
CREATE INDEX "listings_location_idx" ON "listings" USING gist (ll_to_earth(latitude, longitude)) WHERE latitude IS NOT NULL;
