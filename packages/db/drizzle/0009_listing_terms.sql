CREATE TABLE "listing_terms" (
	"lexeme" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"listing_id" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"listing_type" "listing_type" NOT NULL
);
--> statement-breakpoint
DROP INDEX "listings_search_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "listing_terms_lexeme_created_at_idx" ON "listing_terms" USING btree ("lexeme","created_at" DESC NULLS FIRST,"listing_id" DESC NULLS FIRST,"ends_at","category","listing_type");