import { and, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import { executeRows } from '@yardsale/db';
import type { Database } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import type { ListingType } from '@yardsale/validators';

const { listings, listingTerms, searchTerms } = schema;

/** How alike (trigram similarity, 0..1) a known word must be to be considered at all. */
const CORRECTION_THRESHOLD = 0.2;
/** Known words tried for each word of a search. */
const CORRECTIONS_PER_WORD = 3;
/**
 * Words of one search looked up for spellings alike or for longer words containing them; later words
 * must appear as typed. Bounds what a long search costs (docs/decisions/026).
 */
export const MAX_FUZZY_WORDS = 6;
/**
 * A word with more forms than this ("ing" is part of hundreds of words) does not lead the search: each
 * form is one index read. Such a word still filters the listings another word found.
 */
const MAX_LEADING_FORMS = 32;
/**
 * Index entries counted per word to pick the rarest one to lead; beyond this a word counts as common
 * (of common words, the first leads).
 */
const POSTINGS_PROBE = 1000;
/** Words shorter than this match as the start of a word; longer ones also as part of one. */
export const MIN_PART_LENGTH = 3;

/** The words of a search as listings store them: lower case, split at anything but letters and digits. */
function searchWords(search: string): string[] {
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
  /** Index entries of those forms, counted up to POSTINGS_PROBE; null when the word cannot lead. */
  postings: number | null;
}

/** A word of a search, looked up. */
export interface AnalysedWord {
  word: string;
  /** A word full text ignores ("the", "with"): it restricts nothing. */
  stop: boolean;
  /** The word's own forms, and those of the words listings use that contain it. */
  lexemes: string[];
  postings: number | null;
}

/** Index entries in listing_terms for an array of lexemes, counted up to POSTINGS_PROBE. */
const postingsOf = (lexemes: SQL) => sql`(select count(*)::int from (
  select 1 from ${listingTerms} t where t.lexeme = any(${lexemes}) limit ${POSTINGS_PROBE}) probe)`;

/**
 * One round trip: each word's own forms and, for the first few, those of the known words containing
 * it, with how common they are.
 */
export async function analyseSearch(db: Database, search: string): Promise<AnalysedWord[]> {
  const words = searchWords(search);
  if (words.length === 0) return [];
  return executeRows<{
    word: string;
    stop: boolean;
    lexemes: string[];
    postings: number | null;
  }>(
    db,
    sql`
      select w.word, a.stop, a.lexemes, p.postings
      from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) with ordinality as w(word, ord)
      cross join lateral (
        select numnode(plainto_tsquery('english', w.word)) = 0 as stop,
               array(
                 select distinct lexeme from (
                   select unnest(tsvector_to_array(to_tsvector('english', w.word))) as lexeme
                   union all
                   -- The parser reads a number after a dash or a plus as signed ("Books 1-7" has 1
                   -- and -7): a number typed alone also finds those.
                   select sign || w.word from unnest(array['-', '+']) as sign
                   where w.word ~ '^[0-9]+$'
                   union all
                   select unnest(tsvector_to_array(to_tsvector('english', t.term)))
                   from ${searchTerms} t
                   -- Words are letters and digits only, so nothing in them is a LIKE wildcard.
                   where length(w.word) >= ${MIN_PART_LENGTH} and w.ord <= ${MAX_FUZZY_WORDS}
                     and t.term like '%' || w.word || '%'
                 ) forms
                 order by lexeme
               ) as lexemes
      ) a
      cross join lateral (
        select case when length(w.word) >= ${MIN_PART_LENGTH}
                         and cardinality(a.lexemes) between 1 and ${MAX_LEADING_FORMS}
                    then ${postingsOf(sql`a.lexemes`)} end as postings
      ) p
      order by w.ord`,
  );
}

/** Stop words restrict nothing, unless the search has nothing else. */
function meaningful(analysed: AnalysedWord[]): AnalysedWord[] {
  const kept = analysed.filter((w) => !w.stop);
  return kept.length > 0 ? kept : analysed;
}

const isShort = (w: AnalysedWord) => w.word.length < MIN_PART_LENGTH;

/** A short word matches as the start of a word form (with its own form, if any). */
const shortWord = (w: AnalysedWord): WordMatch => ({
  lexemes: w.lexemes,
  prefix: w.word,
  postings: null,
});

/**
 * The words themselves: each word of the search in any of its forms ("tables" finds table), or as
 * part of a longer word ("furn" finds furniture); a short word as the start of one ("tv" finds tv).
 * Null when nothing can match.
 */
export function exactSearch(analysed: AnalysedWord[]): SearchMatch | null {
  return planSearch(
    meaningful(analysed).map((w) =>
      isShort(w) && !w.stop ? shortWord(w) : { lexemes: w.lexemes, postings: w.postings },
    ),
  );
}

/**
 * Edits between a known word (`t.term`) and a typed one (`w.word`), two neighbouring letters swapped
 * counting as one ("tabel" is one edit from table, as from label).
 */
const editsSql = sql`least(
  levenshtein(t.term, w.word),
  1 + (select min(levenshtein(t.term,
                 overlay(w.word placing substr(w.word, i + 1, 1) || substr(w.word, i, 1) from i for 2)))
       from generate_series(1, length(w.word) - 1) as i))`;

/**
 * Words spelt alike: each word of the search is matched against the words listings actually use
 * (search_terms), and a listing must contain, for every word, one of its closest spellings. Null when
 * some word has nothing close: then nothing matches.
 */
export async function fuzzySearch(
  db: Database,
  analysed: AnalysedWord[],
): Promise<SearchMatch | null> {
  const kept = meaningful(analysed);
  const long = kept.filter((w) => !isShort(w));
  if (long.length === 0) return null;
  const looked = long.slice(0, MAX_FUZZY_WORDS).map((w) => w.word);
  const rows = await db.transaction(async (tx) => {
    // The threshold is a setting of the trigram extension; SET LOCAL keeps it to this transaction.
    await tx.execute(sql.raw(`set local pg_trgm.similarity_threshold = ${CORRECTION_THRESHOLD}`));
    return executeRows<{
      ord: number;
      edits: number;
      lexemes: string[];
      postings: number;
    }>(
      tx,
      sql`
        select w.ord::int as ord, c.edits, c.lexemes, c.postings
        from jsonb_array_elements_text(${JSON.stringify(looked)}::jsonb) with ordinality as w(word, ord)
        cross join lateral (
          select edits, lexemes, ${postingsOf(sql`lexemes`)} as postings from (
          select edits, tsvector_to_array(to_tsvector('english', term)) as lexemes from (
            select t.term, ${editsSql} as edits from ${searchTerms} t
            where t.term % w.word
              -- Edits (letters added, dropped or changed) a known word may be away from what was
              -- typed: trigram similarity alone also offers unrelated words that share a piece
              -- ("snowblower" -> "mower").
              and levenshtein(t.term, w.word) <= case when length(w.word) <= 4 then 1 else 2 end
            order by edits, similarity(t.term, w.word) desc, t.term
            limit ${CORRECTIONS_PER_WORD}
          ) closest
          ) forms
        ) c
        order by w.ord, c.edits`,
    );
  });
  const corrected = looked.map((_, i): WordMatch => {
    const ofWord = rows.filter((r) => r.ord === i + 1);
    // Only the closest: "sofaa" is a sofa, not something soft.
    const best = ofWord.filter((r) => r.edits === ofWord[0]?.edits);
    const lexemes = [...new Set(best.flatMap((r) => r.lexemes))];
    const canLead = lexemes.length >= 1 && lexemes.length <= MAX_LEADING_FORMS;
    return {
      lexemes,
      postings: canLead ? best.reduce((sum, r) => sum + r.postings, 0) : null,
    };
  });
  return planSearch([
    ...corrected,
    ...long.slice(MAX_FUZZY_WORDS).map((w) => ({ lexemes: w.lexemes, postings: w.postings })),
    ...kept.filter((w) => isShort(w) && !w.stop).map(shortWord),
  ]);
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

function planSearch(words: WordMatch[]): SearchMatch | null {
  if (words.length === 0 || words.some((w) => w.lexemes.length === 0 && !w.prefix)) return null;
  // The rarest word leads; one that no listing has means nothing matches.
  let leading: WordMatch | undefined;
  for (const word of words) {
    if (word.prefix || word.postings === null) continue;
    if (!leading || word.postings < (leading.postings ?? Infinity)) leading = word;
  }
  if (leading?.postings === 0) return null;
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
      // A subquery, not a join: checked row by row in index order, so the read stops with the page
      // (as a join, the planner may fetch every listing with the other words first).
      rest
        ? sql`(select m.search_vector from ${listings} m where m.id = ${t.listingId}) @@ ${rest}::tsquery`
        : undefined,
    ];
    return sql`(select ${t.listingId} from ${t} where ${and(...conditions)}
      order by ${desc(t.createdAt)}, ${desc(t.listingId)} limit ${filters.limit})`;
  });
  return sql`${listings.id} in (${sql.join(branches, sql` union all `)})`;
}
