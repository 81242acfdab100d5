import { and, desc, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type { Database } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';

const { listings, searchTerms } = schema;

/** How alike (trigram similarity, 0..1) a known word must be to be considered at all. */
const CORRECTION_THRESHOLD = 0.2;
/**
 * Edits (letters added, dropped or changed) a known word may be away from what was typed: trigram
 * similarity alone also offers unrelated words that share a piece ("snowblower" -> "mower").
 */
const maxEdits = (word: string) => (word.length <= 4 ? 1 : 2);
/** Known words tried for each word of a search. */
const CORRECTIONS_PER_WORD = 3;
/**
 * Words of one search looked up for spellings alike (one trigram query each); later words must
 * appear as typed. Bounds what a long search costs (docs/decisions/026).
 */
export const MAX_FUZZY_WORDS = 6;

/** LIKE wildcards in what a person typed are literal characters. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const contains = (term: string) => sql`${listings.searchText} like ${`%${escapeLike(term)}%`}`;

/**
 * The words themselves: full text over title, category and description (stemmed, so "tables" finds
 * table), or the text as part of a word ("furn" finds furniture).
 */
export function exactSearchCondition(search: string): SQL | undefined {
  const text = search.toLowerCase();
  const fullText = sql`${listings.searchVector} @@ websearch_to_tsquery('english', ${search})`;
  // Under three characters a trigram index cannot help; prefix matching of whole words still can.
  if (text.length < 3) {
    const prefix = text.replace(/[^\p{L}\p{N}]/gu, '');
    return prefix
      ? or(fullText, sql`${listings.searchVector} @@ to_tsquery('english', ${`${prefix}:*`})`)
      : fullText;
  }
  return or(fullText, contains(text));
}

/**
 * Words spelt alike: each word of the search is matched against the words listings actually use
 * (search_terms), and a listing must contain, for every word, the word or one of its closest
 * spellings. Null when some word has nothing close: then nothing matches.
 */
export async function fuzzySearchCondition(db: Database, search: string): Promise<SQL | null> {
  const words = [
    ...new Set(
      search
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 3),
    ),
  ];
  if (words.length === 0) return null;
  const looked = words.slice(0, MAX_FUZZY_WORDS);
  const asTyped = words.slice(MAX_FUZZY_WORDS).map((word) => [word]);
  const corrected = await db.transaction(async (tx) => {
    // The threshold is a setting of the trigram extension; SET LOCAL keeps it to this transaction.
    await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${CORRECTION_THRESHOLD}`));
    return Promise.all(
      looked.map(async (word) => {
        const rows = await tx
          .select({ term: searchTerms.term })
          .from(searchTerms)
          .where(
            and(
              sql`${searchTerms.term} % ${word}`,
              sql`levenshtein(${searchTerms.term}, ${word}) <= ${maxEdits(word)}`,
            ),
          )
          .orderBy(
            sql`levenshtein(${searchTerms.term}, ${word})`,
            desc(sql`similarity(${searchTerms.term}, ${word})`),
            searchTerms.term,
          )
          .limit(CORRECTIONS_PER_WORD);
        return rows.map((r) => r.term);
      }),
    );
  });
  const alternatives = [...corrected, ...asTyped];
  if (alternatives.some((terms) => terms.length === 0)) return null;
  return and(...alternatives.map((terms) => or(...terms.map(contains)))) ?? null;
}
