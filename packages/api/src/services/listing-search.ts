import { and, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import { executeRows } from '@yardsale/db';
import type { Database } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import type { ListingType } from '@yardsale/validators';

const { listings, listingTerms, searchTerms } = schema;

/** How alike (trigram similarity, 0..1) a known word must be to be considered at all. */
const CORRECTION_THRESHOLD = 0.2;
/**
 * Edits (letters added, dropped or changed) a known word may be away from what was typed: trigram
 * similarity alone also offers unrelated words that share a piece ("snowblower" -> "mower").
 */
const maxEdits = (word: string) => (word.length <= 4 ? 1 : 2);
/**
 * Edits between a known word and what was typed, two neighbouring letters swapped counting as one
 * ("tabel" is one edit from table, as from label).
 */
function editsFrom(word: string): SQL {
  const swapped = Array.from(
    { length: word.length - 1 },
    (_, i) => word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2),
  ).filter((w) => w !== word);
  return sql`least(${sql.join(
    [
      sql`levenshtein(${searchTerms.term}, ${word})`,
      ...swapped.map((w) => sql`1 + levenshtein(${searchTerms.term}, ${w})`),
    ],
    sql`, `,
  )})`;
}
/** Known words tried for each word of a search. */
const CORRECTIONS_PER_WORD = 3;
/**
 * Words of one search looked up for spellings alike (one trigram query each) or for longer words
 * containing them; later words must appear as typed. Bounds what a long search costs (docs/decisions/026).
 */
export const MAX_FUZZY_WORDS = 6;
/**
 * A word with more forms than this ("ing" is part of hundreds of words) does not lead the search: each
 * form is one index read. Such a word still filters the listings another word found.
 */
const MAX_LEADING_FORMS = 32;
/** Index entries counted per word to pick the rarest one to lead; beyond this a word counts as common. */
const POSTINGS_PROBE = 5000;
/** Words shorter than this match as the start of a word; longer ones also as part of one. */
const MIN_PART_LENGTH = 3;

/** The words of a search as listings store them: lower case, split at anything but letters and digits. */
export function searchWords(search: string): string[] {
  return [
    ...new Set(
      search
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 0),
    ),
  ];
}

/** What one word of a search may match in a listing. */
interface WordMatch {
  /** Word forms (lexemes of `search_vector`) of which a listing must have one. */
  lexemes: string[];
  /** Or, for a short word, the start of a word form. */
  prefix?: string;
}

interface AnalysedWord {
  word: string;
  /** A word full text ignores ("the", "with"): it restricts nothing. */
  stop: boolean;
  /** The word's own forms, and those of the words listings use that contain it. */
  lexemes: string[];
}

/** One round trip: each word's own forms and, for the first few, those of the known words containing it. */
async function analyseWords(db: Database, words: string[]): Promise<AnalysedWord[]> {
  if (words.length === 0) return [];
  const rows = await executeRows<{ word: string; stop: boolean; lexemes: string[] }>(
    db,
    sql`
      select w.word,
             numnode(plainto_tsquery('english', w.word)) = 0 as stop,
             array(
               select distinct lexeme from (
                 select unnest(tsvector_to_array(to_tsvector('english', w.word))) as lexeme
                 union all
                 select unnest(tsvector_to_array(to_tsvector('english', t.term)))
                 from ${searchTerms} t
                 -- Words are letters and digits only, so nothing in them is a LIKE wildcard.
                 where length(w.word) >= ${MIN_PART_LENGTH} and w.ord <= ${MAX_FUZZY_WORDS}
                   and t.term like '%' || w.word || '%'
               ) forms
               order by lexeme
             ) as lexemes
      from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) with ordinality as w(word, ord)
      order by w.ord`,
  );
  return rows.map((r) => ({ word: r.word, stop: r.stop, lexemes: r.lexemes }));
}

/** Stop words restrict nothing, unless the search has nothing else. */
function meaningful(analysed: AnalysedWord[]): AnalysedWord[] {
  const kept = analysed.filter((w) => !w.stop);
  return kept.length > 0 ? kept : analysed;
}

/**
 * The words themselves: each word of the search in any of its forms ("tables" finds table), or as
 * part of a longer word ("furn" finds furniture); a short word as the start of one ("tv" finds tv).
 * Null when nothing can match.
 */
export async function exactSearch(db: Database, search: string): Promise<SearchMatch | null> {
  const words = meaningful(await analyseWords(db, searchWords(search))).map((w): WordMatch =>
    w.word.length < MIN_PART_LENGTH && !w.stop
      ? { lexemes: w.lexemes, prefix: w.word }
      : { lexemes: w.lexemes },
  );
  return planSearch(db, words);
}

/**
 * Words spelt alike: each word of the search is matched against the words listings actually use
 * (search_terms), and a listing must contain, for every word, one of its closest spellings. Null when
 * some word has nothing close: then nothing matches.
 */
export async function fuzzySearch(db: Database, search: string): Promise<SearchMatch | null> {
  const analysed = meaningful(await analyseWords(db, searchWords(search)));
  const long = analysed.filter((w) => w.word.length >= MIN_PART_LENGTH);
  if (long.length === 0) return null;
  const looked = long.slice(0, MAX_FUZZY_WORDS);
  const corrected = await db.transaction(async (tx) => {
    // The threshold is a setting of the trigram extension; SET LOCAL keeps it to this transaction.
    await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${CORRECTION_THRESHOLD}`));
    return Promise.all(
      looked.map(async ({ word }) => {
        const edits = editsFrom(word);
        const rows = await executeRows<{ edits: number; lexemes: string[] }>(
          tx,
          sql`
            select edits, tsvector_to_array(to_tsvector('english', term)) as lexemes from (
              select ${searchTerms.term} as term, ${edits} as edits from ${searchTerms}
              where ${searchTerms.term} % ${word}
                and levenshtein(${searchTerms.term}, ${word}) <= ${maxEdits(word)}
              order by edits, similarity(${searchTerms.term}, ${word}) desc, ${searchTerms.term}
              limit ${CORRECTIONS_PER_WORD}
            ) closest`,
        );
        // Only the closest: "sofaa" is a sofa, not something soft.
        const best = rows[0]?.edits;
        return {
          lexemes: [...new Set(rows.filter((r) => r.edits === best).flatMap((r) => r.lexemes))],
        };
      }),
    );
  });
  const words: WordMatch[] = [
    ...corrected,
    ...long.slice(MAX_FUZZY_WORDS).map((w) => ({ lexemes: w.lexemes })),
    ...analysed
      .filter((w) => w.word.length < MIN_PART_LENGTH && !w.stop)
      .map((w) => ({ lexemes: w.lexemes, prefix: w.word })),
  ];
  return planSearch(db, words);
}

/**
 * How a search reads the listings. With a leading word, its forms' index entries (newest first) are
 * read only as far as the page needs, each listing checked against the other words; without one
 * (only short words, or words with too many forms) the full-text index finds every match.
 */
export interface SearchMatch {
  /** Forms of the rarest word, read from listing_terms; null to use the full-text index. */
  leading: string[] | null;
  /** What the rest of the search requires of `search_vector` (a tsquery); null when nothing more. */
  rest: string | null;
  /** The whole search as a tsquery. */
  all: string;
}

/** A lexeme inside a tsquery: quoted, with its quotes doubled and backslashes escaped. */
const quoteLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

function wordQuery(word: WordMatch): string {
  const parts = word.lexemes.map(quoteLexeme);
  if (word.prefix) parts.push(`${quoteLexeme(word.prefix)}:*`);
  return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(' | ')})`;
}

async function planSearch(db: Database, words: WordMatch[]): Promise<SearchMatch | null> {
  if (words.length === 0 || words.some((w) => w.lexemes.length === 0 && !w.prefix)) return null;
  const candidates = words.filter((w) => !w.prefix && w.lexemes.length <= MAX_LEADING_FORMS);
  let leading: WordMatch | undefined;
  if (candidates.length > 0) {
    // Index entries per candidate, counted up to a bound: the rarest word leads.
    const counts = await executeRows<{ postings: number }>(
      db,
      sql`
        select (select count(*)::int from (
                  select 1 from ${listingTerms} t
                  where t.lexeme in (select jsonb_array_elements_text(w.lexemes))
                  limit ${POSTINGS_PROBE}) probe) as postings
        from jsonb_array_elements(${JSON.stringify(candidates.map((c) => c.lexemes))}::jsonb)
             with ordinality as w(lexemes, ord)
        order by w.ord`,
    );
    let fewest = Infinity;
    candidates.forEach((candidate, i) => {
      const postings = counts[i]?.postings ?? Infinity;
      if (postings < fewest) {
        fewest = postings;
        leading = candidate;
      }
    });
    // A word no listing has: nothing matches.
    if (fewest === 0) return null;
  }
  const others = words.filter((w) => w !== leading).map(wordQuery);
  return {
    leading: leading ? leading.lexemes : null,
    rest: others.length > 0 ? others.join(' & ') : null,
    all: words.map(wordQuery).join(' & '),
  };
}

export interface SearchFilters {
  now: Date;
  category?: string;
  listingType?: ListingType;
  /** Listings after this one, newest first. */
  cursor: { createdAt: Date; id: number } | null;
  /** Listings wanted (a page and one to tell whether another follows). */
  limit: number;
}

/**
 * A condition on listings for a planned search. Led by a word: each of its forms gives its newest
 * `limit` listings that pass the filters and the other words, and the page is among those (a listing
 * on the page is among the newest of each of its forms). Otherwise the full-text index.
 */
export function searchCondition(match: SearchMatch, filters: SearchFilters): SQL {
  if (!match.leading) return sql`${listings.searchVector} @@ ${match.all}::tsquery`;
  const t = listingTerms;
  const { rest } = match;
  const branches = match.leading.map((lexeme) => {
    const conditions: (SQL | undefined)[] = [
      eq(t.lexeme, lexeme),
      sql`${t.endsAt} > ${filters.now.toISOString()}::timestamptz`,
      filters.category ? eq(t.category, filters.category) : undefined,
      filters.listingType ? eq(t.listingType, filters.listingType) : undefined,
      filters.cursor
        ? sql`(${t.createdAt}, ${t.listingId}) < (${filters.cursor.createdAt.toISOString()}::timestamptz, ${filters.cursor.id})`
        : undefined,
      rest ? sql`matched.search_vector @@ ${rest}::tsquery` : undefined,
    ];
    const from = rest
      ? sql`${t} inner join ${listings} matched on matched.id = ${t.listingId}`
      : sql`${t}`;
    return sql`(select ${t.listingId} from ${from} where ${and(...conditions)}
      order by ${desc(t.createdAt)}, ${desc(t.listingId)} limit ${filters.limit})`;
  });
  return sql`${listings.id} in (${sql.join(branches, sql` union all `)})`;
}
