/**
 * The statement that finds every saved search a new listing matches, by search's exact rules, and
 * writes the matches, bells and outbox rows (decision 074).
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import { executeRows } from '@yardsale/db';
import type { Executor } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { NOTIFICATION_TEXT, SAVED_SEARCH_NAME_IN_TITLE } from '@yardsale/validators';

import { MAX_FUZZY_WORDS, MIN_PART_LENGTH } from './listing-search';

const { listings, savedSearches, savedSearchWords } = schema;
const M = NOTIFICATION_TEXT;
/** The bell's title around the search's name, written by SQL. */
const T = M.savedSearchTitleParts;

const METRES_PER_MILE = 1609.344;
/** earthdistance's sphere, on which search measures a radius (listing-distance.ts nearSearch). */
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
 * place within the radius (listing-distance.ts nearSearch: the box, then the distance).
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
