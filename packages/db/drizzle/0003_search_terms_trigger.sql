-- Collects the words of every listing's searchable text into search_terms, for correcting misspelt
-- searches. Terms are never removed: a stale term only ever widens a search to nothing.
CREATE FUNCTION collect_listing_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT DISTINCT word
  FROM regexp_split_to_table(NEW.search_text, '[^[:alnum:]]+') AS word
  WHERE length(word) >= 3
  ON CONFLICT (term) DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER listings_collect_search_terms
AFTER INSERT OR UPDATE OF title, description, category ON listings
FOR EACH ROW EXECUTE FUNCTION collect_listing_search_terms();
--> statement-breakpoint
INSERT INTO search_terms (term)
SELECT DISTINCT word
FROM listings, regexp_split_to_table(listings.search_text, '[^[:alnum:]]+') AS word
WHERE length(word) >= 3
ON CONFLICT (term) DO NOTHING;
