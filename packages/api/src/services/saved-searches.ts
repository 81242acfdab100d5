import { TRPCError } from '@trpc/server';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import { executeRows } from '@yardsale/db';
import type { Database, Executor } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import {
  MAX_SAVED_SEARCHES,
  MAX_SAVED_SEARCH_WORDS,
  NOTIFICATION_TEXT,
  SAVED_SEARCH_NAME_IN_TITLE,
} from '@yardsale/validators';
import type { SavedSearch, SavedSearchEmail, SavedSearchValues } from '@yardsale/validators';

import { isEmailVerified, lockLiveAccount } from './account-lock';
import { MAX_FUZZY_WORDS, MIN_PART_LENGTH, analyseSearch } from './listing-search';
import type { AnalysedWord } from './listing-search';
import type { ServerDeps } from './types';

const { listings, savedSearches, savedSearchWords, searchTerms } = schema;
const M = NOTIFICATION_TEXT;
/** The bell's title around the search's name, written by SQL. */
const T = M.savedSearchTitleParts;

/**
 * Forms one word of a saved search may take from the known words that contain it ("table" from
 * "tablet"): search looks for all of them, so a word that is part of hundreds of words ("ing") would
 * store hundreds, and every new listing would find it (decision 077).
 */
export const MAX_BORROWED_FORMS_PER_WORD = 48;
/** The same, for all the words of one saved search together. */
export const MAX_BORROWED_FORMS_PER_SEARCH = 128;

const METRES_PER_MILE = 1609.344;
/** earthdistance's sphere, on which search measures a radius (listings.ts nearSearch). */
const EARTH_RADIUS_METRES = 6378168;

/**
 * The box around a saved search's place that search checks before the distance (earth_box), written
 * as saved_searches_no_words_place_idx indexes it (a literal, not a parameter: the planner must see
 * the index's expression).
 */
const areaOf = (alias: 's' | 'sw') =>
  sql.raw(
    `earth_box(ll_to_earth(${alias}.latitude, ${alias}.longitude), ${alias}.radius_miles * ${String(METRES_PER_MILE)})`,
  );

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: M.savedSearchNotFound });

function toSavedSearch(row: schema.SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    search: row.search,
    category: row.category,
    listingType: row.listingType,
    near:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude }
        : null,
    radiusMiles: row.radiusMiles,
    push: row.push,
    email: row.email,
    paused: row.paused,
    createdAt: row.createdAt,
  };
}

/** The name a saved search gets when none is given: what was searched for. */
function defaultName(values: SavedSearchValues): string {
  const parts = [values.search, values.category, values.listingType?.replace('-', ' ')].filter(
    (p): p is string => Boolean(p),
  );
  const name = parts.length > 0 ? parts.join(' · ') : 'Near you';
  return name.slice(0, 80);
}

/** A word's own forms ("tables": table; "7": 7, -7, +7) and whether a listing has used it. */
async function ownFormsOf(db: Database, words: string[]) {
  const rows = await executeRows<{ word: string; forms: string[]; known: boolean }>(
    db,
    sql`select w.word,
          array(select unnest(tsvector_to_array(to_tsvector('english', w.word)))
                union select sign || w.word from unnest(array['-', '+']) as sign
                where w.word ~ '^[0-9]+$') as forms,
          exists (select 1 from ${searchTerms} t where t.term = w.word) as known
        from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as w(word)`,
  );
  return new Map(rows.map((r) => [r.word, r]));
}

const tooCommon = (word: string) =>
  new TRPCError({ code: 'BAD_REQUEST', message: M.savedSearchWordTooCommon(word) });

/**
 * The words a listing must match, read by search's own analysis (listing-search.ts), so that a match
 * is what the search would show: stop words ("the") restrict nothing unless there is nothing else;
 * each word keeps the forms search looks for (its own, "tables" is table, and those of the known words
 * containing it). `position` is the word's place in the search: only the first MAX_FUZZY_WORDS are
 * also found as part of a longer word, as in search.
 *
 * What a saved search stores is bounded (decision 077): at most MAX_SAVED_SEARCH_WORDS words, and
 * forms borrowed from other words up to MAX_BORROWED_FORMS_PER_WORD a word and
 * MAX_BORROWED_FORMS_PER_SEARCH a search. A word past those bounds that no listing has used as a
 * word ("ing", "ter") is refused; one that listings use ("car") keeps its own forms, and a new
 * listing's longer words still find it as their part ("carpet"), as search does.
 */
async function wordsOf(db: Database, search: string) {
  const analysed = (await analyseSearch(db, search)).map((w, position) => ({ ...w, position }));
  const meaningful = analysed.filter((w) => !w.stop);
  const kept = meaningful.length > 0 ? meaningful : analysed;
  if (kept.length > MAX_SAVED_SEARCH_WORDS) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: M.tooManySavedSearchWords(MAX_SAVED_SEARCH_WORDS),
    });
  }
  const borrowing = kept.filter((w) => w.lexemes.length > 1);
  const own =
    borrowing.length > 0
      ? await ownFormsOf(
          db,
          borrowing.map((w) => w.word),
        )
      : null;
  let budget = MAX_BORROWED_FORMS_PER_SEARCH;
  return kept.map((w): AnalysedWord & { position: number } => {
    const mine = own?.get(w.word);
    if (!mine) return w;
    const ownForms = w.lexemes.filter((form) => mine.forms.includes(form));
    const borrowed = w.lexemes.length - ownForms.length;
    if (borrowed === 0) return w;
    if (borrowed <= MAX_BORROWED_FORMS_PER_WORD && borrowed <= budget) {
      budget -= borrowed;
      return w;
    }
    if (!mine.known) throw tooCommon(w.word);
    return { ...w, lexemes: ownForms };
  });
}

export async function listSavedSearches(deps: ServerDeps, userId: number): Promise<SavedSearch[]> {
  const rows = await deps.db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return rows.map(toSavedSearch);
}

export async function createSavedSearch(
  deps: ServerDeps,
  userId: number,
  values: SavedSearchValues,
): Promise<SavedSearch> {
  const words = await wordsOf(deps.db, values.search);
  // Only punctuation: search shows nothing for it, so as a saved search it would never match.
  if (values.search && words.length === 0) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: M.searchHasNoWords });
  }
  return deps.db.transaction(async (tx) => {
    // One at a time per person, so two saves at once cannot pass the limit together; refused once
    // the account is deleted, so a save racing a deletion does not outlive it.
    const account = await lockLiveAccount(tx, userId, 'update');
    // Only a confirmed address is mailed or pushed to (decision 078).
    if (!account.emailVerified && (values.push || values.email !== 'off')) {
      throw new TRPCError({ code: 'FORBIDDEN', message: M.verifyForAlerts });
    }
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if ((count?.n ?? 0) >= MAX_SAVED_SEARCHES) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: M.tooManySavedSearches(MAX_SAVED_SEARCHES),
      });
    }
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name: values.name ?? defaultName(values),
        search: values.search,
        category: values.category ?? null,
        listingType: values.listingType ?? null,
        latitude: values.near?.latitude ?? null,
        longitude: values.near?.longitude ?? null,
        radiusMiles: values.near ? (values.radiusMiles ?? null) : null,
        push: values.push,
        email: values.email,
        wordCount: words.length,
        createdAt: deps.now(),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    if (words.length > 0) {
      await tx.insert(savedSearchWords).values(
        words.map((w) => ({
          savedSearchId: row.id,
          position: w.position,
          word: w.word,
          forms: w.lexemes,
          wordCount: row.wordCount,
          category: row.category,
          listingType: row.listingType,
          latitude: row.latitude,
          longitude: row.longitude,
          radiusMiles: row.radiusMiles,
        })),
      );
    }
    return toSavedSearch(row);
  });
}

export async function updateSavedSearch(
  deps: ServerDeps,
  userId: number,
  input: { id: number; name?: string; paused?: boolean; push?: boolean; email?: SavedSearchEmail },
): Promise<SavedSearch> {
  const { id, ...changes } = input;
  const alertsOn =
    changes.push === true || (changes.email !== undefined && changes.email !== 'off');
  if (alertsOn && !(await isEmailVerified(deps.db, userId))) {
    throw new TRPCError({ code: 'FORBIDDEN', message: M.verifyForAlerts });
  }
  // A field sent as undefined changes nothing; with nothing to change, drizzle would refuse the update.
  const fields = Object.keys(changes) as (keyof typeof changes)[];
  if (fields.every((field) => changes[field] === undefined)) {
    const [row] = await deps.db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
    if (!row) throw notFound();
    return toSavedSearch(row);
  }
  const [row] = await deps.db
    .update(savedSearches)
    .set(changes)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return toSavedSearch(row);
}

export async function deleteSavedSearch(deps: ServerDeps, userId: number, id: number) {
  const deleted = await deps.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw notFound();
}

/**
 * Longest word of a listing whose parts are looked up; longer ones are found only whole (a word of
 * hundreds of letters would otherwise give tens of thousands of parts).
 */
const MAX_PART_WORD = 40;
/**
 * Miles in a degree of latitude, rounded down (69.17 on earthdistance's sphere): a search whose place
 * is further north or south than its radius allows is passed over before any trigonometry.
 */
const MILES_PER_DEGREE_AT_MOST = 69;

/**
 * A constant of the code written into the statement: with only the listing's id and the time as
 * parameters, PostgreSQL can keep one plan for every listing instead of planning each time.
 */
const n = (value: number) => sql.raw(String(value));

/**
 * Whether a listing (`l`) passes a saved search's filters (on rows aliased `a`, saved_searches or
 * saved_search_words), as search applies them to the same listing: its category, its type, and its
 * place within the radius (listings.ts nearSearch: the box, then the distance).
 */
const fitsFilters = (a: 's' | 'sw') => {
  const col = (name: string) => sql.raw(`${a}.${name}`);
  return sql`(${col('category')} is null or ${col('category')} = l.category)
    and (${col('listing_type')} is null or ${col('listing_type')} = l.listing_type)
    and (${col('latitude')} is null or (l.latitude is not null and l.longitude is not null
      and abs(l.latitude - ${col('latitude')}) * ${n(MILES_PER_DEGREE_AT_MOST)} <= ${col('radius_miles')}
      and ${areaOf(a)} @> ll_to_earth(l.latitude, l.longitude)
      and ${n(2 * EARTH_RADIUS_METRES)}::float8 * asin(least(1, sqrt(
            power(sin(radians(l.latitude - ${col('latitude')}) / 2), 2)
            + cos(radians(${col('latitude')})) * cos(radians(l.latitude))
              * power(sin(radians(l.longitude - ${col('longitude')}) / 2), 2))))
          <= ${col('radius_miles')} * ${n(METRES_PER_MILE)}::float8))`;
};

/**
 * Finds every saved search a new listing matches, in one statement, and records the matches, the
 * bell's entries and the outbox rows for them in the caller's transaction (decision 074). A word of a
 * saved search matches as in search's exact rules: one of its forms is among the listing's; or (one of
 * the first MAX_FUZZY_WORDS, of 3+ letters) it is part of a word of the listing that has a form in
 * it; or (1-2 letters, not a stop word) a form of the listing starts with it. No loop over people:
 * the listing's forms, the parts of its words and the starts of its forms find the searches' words
 * through the indexes on saved_search_words; a search whose every word was found and whose filters
 * (copied on its words) the listing passes matches. Searches without words are found by their area
 * or their category. Paused searches and the seller's own never match. Returns whose bells changed.
 */
export async function matchSavedSearches(
  tx: Executor,
  listingId: number,
  now: Date,
): Promise<number[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // The name is the searcher's own words: quoted, cut to a length, and never a mail's subject (078).
  const quoted = (
    name: SQL,
  ) => sql`case when char_length(${name}) > ${n(SAVED_SEARCH_NAME_IN_TITLE)}
    then left(${name}, ${n(SAVED_SEARCH_NAME_IN_TITLE - 1)}) || '…' else ${name} end`;
  const title = (name: SQL) => sql`${T[0]} || ${quoted(name)} || ${T[1]}`;
  const [before, after] = M.savedSearchAlertBodyParts;
  const alertBody = (name: SQL) =>
    sql`l.title || chr(10) || ${before} || ${quoted(name)} || ${after}`;
  const searchColumns = sql`s.id, s.user_id, s.name, s.push, s.email, s.created_at`;
  const rows = await executeRows<{ user_id: number }>(
    tx,
    sql`
    with l as materialized (
      select id, user_id, title, category, listing_type, latitude, longitude, search_text, created_at,
             tsvector_to_array(search_vector) as forms
      from ${listings} where id = ${listingId}
    ),
    -- The listing's words as search_terms collects them; search finds a part of one only through
    -- that word's own forms, so a word with none in the listing ("other", a stop word) is left out.
    words as (
      select distinct w.word from l, regexp_split_to_table(l.search_text, '[^[:alnum:]]+') as w(word)
      where length(w.word) >= ${n(MIN_PART_LENGTH)}
        and tsvector_to_array(to_tsvector('english', w.word)) && l.forms
    ),
    -- The parts shorter than the word: a search's word equal to one of the listing's has that
    -- word's forms, and is found by them.
    parts as (
      select coalesce(array_agg(distinct substr(word, i, n)), '{}') as arr
      from words, generate_series(1, length(word) - ${n(MIN_PART_LENGTH)} + 1) as i,
           generate_series(${n(MIN_PART_LENGTH)}, length(word) - greatest(i, 2) + 1) as n
      where length(word) <= ${n(MAX_PART_WORD)}
    ),
    starts as (
      select coalesce(array_agg(distinct left(f, n)), '{}') as arr
      from l, unnest(l.forms) as f, generate_series(1, ${n(MIN_PART_LENGTH - 1)}) as n
    ),
    -- Each hit is checked against the search's filters (copied on its word) before hits are
    -- counted, so that searches elsewhere are dropped while still cheap to drop.
    hits as (
      select sw.saved_search_id, sw.position, sw.word_count from ${savedSearchWords} sw, l
      where sw.word = any((select arr from parts)::text[]) and sw.position < ${n(MAX_FUZZY_WORDS)}
        and ${fitsFilters('sw')}
      union
      -- A short word without forms is a stop word: search finds nothing for it.
      select sw.saved_search_id, sw.position, sw.word_count from ${savedSearchWords} sw, l
      where sw.word = any((select arr from starts)::text[]) and cardinality(sw.forms) > 0
        and ${fitsFilters('sw')}
      union
      select sw.saved_search_id, sw.position, sw.word_count from ${savedSearchWords} sw, l
      where sw.forms && (select forms from l) and ${fitsFilters('sw')}
    ),
    found as (
      select saved_search_id as id from hits
      group by saved_search_id, word_count
      having count(*) = word_count
    ),
    candidates as (
      select ${searchColumns}, s.paused from found f join ${savedSearches} s on s.id = f.id
      union all
      -- Without words: those with a place whose area holds the listing, found by the area's index ...
      select ${searchColumns}, s.paused from ${savedSearches} s, l
      where s.word_count = 0 and not s.paused and s.latitude is not null
        and ${areaOf('s')} @> ll_to_earth(l.latitude, l.longitude)
        and ${fitsFilters('s')}
      union all
      -- ... and those without a place, by category.
      select ${searchColumns}, s.paused from ${savedSearches} s, l
      where s.word_count = 0 and not s.paused and s.latitude is null
        and ${fitsFilters('s')}
    ),
    matched as (
      select c.id, c.user_id, c.name, c.push, c.email,
             bool_or(c.email = 'instant') over (partition by c.user_id) as instant
      from candidates c, l
      -- Matched after its creation committed (decision 077), a listing still goes only to the
      -- searches saved before it was created.
      where not c.paused and c.user_id <> l.user_id and c.created_at <= l.created_at
    ),
    recorded as (
      -- A listing mailed at once is not mailed again in the day's digest.
      insert into saved_search_matches (saved_search_id, listing_id, user_id, digest_due, created_at)
      select m.id, l.id, m.user_id, m.email = 'daily' and not m.instant, ${at} from matched m, l
      on conflict do nothing
      returning saved_search_id
    ),
    per_user as (
      select m.user_id, (array_agg(m.name order by m.id))[1] as name, bool_or(m.push) as push,
             bool_or(m.instant) as instant
      from matched m join recorded r on r.saved_search_id = m.id
      group by m.user_id
    ),
    belled as (
      insert into notifications (user_id, kind, title, body, listing_id, created_at)
      select p.user_id, 'saved-search', ${title(sql`p.name`)}, l.title, l.id, ${at}
      from per_user p, l
      returning id, user_id
    ),
    queued as (
      insert into notification_outbox (idempotency_key, user_id, kind, channel, payload, due_at)
      select 'saved-search:' || l.id || ':' || p.user_id || ':' || ch.channel, p.user_id,
             'saved-search', ch.channel,
             jsonb_build_object('title', ${M.savedSearchAlertTitle}::text, 'body', ${alertBody(sql`p.name`)},
               'url', '/listing/' || l.id, 'listingId', l.id, 'conversationId', null,
               'messageId', null, 'notificationId', b.id, 'savedSearch', p.name),
             ${at}
      from per_user p join belled b on b.user_id = p.user_id
      cross join l
      cross join lateral (values ('push'), ('email')) as ch(channel)
      where (ch.channel = 'push' and p.push) or (ch.channel = 'email' and p.instant)
      on conflict do nothing
      returning 1
    )
    select user_id from belled`,
  );
  return rows.map((r) => r.user_id);
}
