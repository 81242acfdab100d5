-- A new table only (decision 062): instances of the release before keep matching inside the creation and never read it.
CREATE TABLE "listing_match_queue" (
	"listing_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "listing_match_queue" ADD CONSTRAINT "listing_match_queue_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_match_queue_due_idx" ON "listing_match_queue" USING btree ("due_at");