-- The location index also answers a search's words and carries what a newest-first search within a
-- radius reads (decision 065): with search_vector as a second key, a radius plus a word is one scan
-- of the listings in the box, not a bitmap of every listing with that word (81,000 of a million for
-- "bike"); with INCLUDE (the order, the "still running" check, the exact distance, category and type),
-- newest first within a radius takes a page's ids from the index alone and reads only those rows.
-- drizzle-kit models neither: the schema names the index, this migration defines it. Built while
-- writes to listings wait; at a million listings that is about 20 seconds.
DROP INDEX IF EXISTS "listings_location_idx";--> statement-breakpoint
CREATE INDEX "listings_location_idx" ON "listings" USING gist (ll_to_earth(latitude, longitude), search_vector) INCLUDE (created_at, id, ends_at, latitude, longitude, category, listing_type) WHERE latitude IS NOT NULL;
