-- Keeps listing_terms in step with listings: a listing's word forms (the lexemes of search_vector) with
-- the columns search filters and orders by. Any change to those columns replaces the listing's rows.
CREATE FUNCTION sync_listing_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM listing_terms
    WHERE lexeme = ANY (tsvector_to_array(OLD.search_vector))
      AND created_at = OLD.created_at
      AND listing_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO listing_terms (lexeme, created_at, listing_id, ends_at, category, listing_type)
    SELECT lexeme, NEW.created_at, NEW.id, NEW.ends_at, NEW.category, NEW.listing_type
    FROM unnest(tsvector_to_array(NEW.search_vector)) AS lexeme;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER listings_add_terms
AFTER INSERT ON listings
FOR EACH ROW EXECUTE FUNCTION sync_listing_terms();
--> statement-breakpoint
CREATE TRIGGER listings_update_terms
AFTER UPDATE ON listings
FOR EACH ROW
WHEN (
  OLD.search_vector IS DISTINCT FROM NEW.search_vector
  OR OLD.created_at IS DISTINCT FROM NEW.created_at
  OR OLD.ends_at IS DISTINCT FROM NEW.ends_at
  OR OLD.category IS DISTINCT FROM NEW.category
  OR OLD.listing_type IS DISTINCT FROM NEW.listing_type
)
EXECUTE FUNCTION sync_listing_terms();
--> statement-breakpoint
CREATE TRIGGER listings_remove_terms
AFTER DELETE ON listings
FOR EACH ROW EXECUTE FUNCTION sync_listing_terms();
--> statement-breakpoint
INSERT INTO listing_terms (lexeme, created_at, listing_id, ends_at, category, listing_type)
SELECT lexeme, l.created_at, l.id, l.ends_at, l.category, l.listing_type
FROM listings l, unnest(tsvector_to_array(l.search_vector)) AS lexeme;
--> statement-breakpoint
-- A search reads a page's worth of index entries per word form; starting parallel workers for that costs
-- more (about 10 ms each) than the read itself.
ALTER TABLE listing_terms SET (parallel_workers = 0);
