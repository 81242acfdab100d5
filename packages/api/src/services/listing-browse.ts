/**
 * Lists of listings: browse and search (newest or nearest first, a page at a time), the counts on
 * the home page, a seller's own listings and the garage-sale calendar.
 */
import { and, asc, between, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import { executeRows, preparedPerDatabase } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import type {
  ListingCounts,
  ListingCountsInput,
  ListingPage,
  ListingSearch,
  ListingStats,
  ListingSummary,
  ListingType,
  SalesBetween,
} from '@yardsale/validators';
import {
  LISTING_COUNT_LIMIT,
  decodeDistanceCursor,
  decodeListingCursor,
  encodeDistanceCursor,
  encodeListingCursor,
} from '@yardsale/validators';

import { nearSearch, withDistance } from './listing-distance';
import { isLive, listingColumns, selectListings, sellerColumns, summaries } from './listing-rows';
import { analyseSearch, exactSearch, fuzzySearch, searchCondition } from './listing-search';
import type { SearchFilters, SearchMatch } from './listing-search';
import type { ServerDeps } from './types';

const { listings, users } = schema;

/** The first page of the plain browse (no search, filter or cursor): what most visits ask first. */
const firstPage = preparedPerDatabase((db) =>
  selectListings(db)
    .where(gt(listings.endsAt, sql.placeholder('now')))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(sql.placeholder('limit'))
    .prepare('listings_first_page'),
);

/**
 * Browse and search: listings that have not ended, newest first, a page at a time. A search first
 * looks for the words themselves (full text, or as part of a word); when nothing matches, it looks
 * again for words spelt alike, and says so in the cursor so later pages stay in that mode.
 */
export async function listListings(deps: ServerDeps, input: ListingSearch): Promise<ListingPage> {
  const now = deps.now();
  const byDistance = input.sort === 'distance' && input.near !== undefined;
  // The input schema already refused a cursor this server did not make, or one of the other order.
  const newestCursor = input.cursor && !byDistance ? decodeListingCursor(input.cursor) : null;
  const distanceCursor = input.cursor && byDistance ? decodeDistanceCursor(input.cursor) : null;
  const cursor = newestCursor ?? distanceCursor;
  const search = input.search?.trim() ?? '';
  const near = input.near
    ? nearSearch(input.near, input.radiusMiles, byDistance || input.radiusMiles !== undefined)
    : null;

  const run = (searchMatch: SQL | undefined, fetch = input.limit + 1) => {
    const conditions: (SQL | undefined)[] = [isLive(now), searchMatch, ...(near?.conditions ?? [])];
    if (input.category) conditions.push(eq(listings.category, input.category));
    if (input.listingType) conditions.push(eq(listings.listingType, input.listingType));
    if (newestCursor) {
      conditions.push(
        sql`(${listings.createdAt}, ${listings.id}) < (${newestCursor.createdAt.toISOString()}::timestamptz, ${newestCursor.id})`,
      );
    }
    // Not the row (chord, id): with a second key the location index cannot give the order. Listings
    // at the cursor's distance come back too; nearestPage drops those up to its id.
    if (near && distanceCursor)
      conditions.push(sql`${near.chord} >= ${distanceCursor.distance}::float8`);
    const select = () =>
      deps.db
        .select({
          listing: listingColumns,
          user: sellerColumns,
          distanceMetres: near ? near.distanceMetres : sql<null>`null`,
          chord: near ? near.chord : sql<null>`null`,
        })
        .from(listings)
        .innerJoin(users, eq(users.id, listings.userId));
    if (near && byDistance)
      return select()
        .where(and(...conditions))
        .orderBy(near.chord)
        .limit(fetch);
    if (near && input.radiusMiles !== undefined && !searchMatch) {
      // Newest first within a radius: the page's ids first, from the location index alone (it
      // carries every column these conditions and the order read, migration 0013), then only
      // those rows. Reading every listing in the box from the table costs a page read each. A
      // search's words are not in that index, so a search within a radius reads as before.
      const pageIds = deps.db
        .select({ id: listings.id })
        .from(listings)
        .where(and(...conditions))
        .orderBy(desc(listings.createdAt), desc(listings.id))
        .limit(fetch);
      return select()
        .where(inArray(listings.id, pageIds))
        .orderBy(desc(listings.createdAt), desc(listings.id));
    }
    return select()
      .where(and(...conditions))
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(fetch);
  };
  type Row = Awaited<ReturnType<typeof run>>[number];
  /**
   * Nearest first, ties by id, after the cursor. The index gives the `fetch` nearest; every listing
   * nearer than the last of those is among them, but listings at exactly its distance (many share a
   * ZIP's centre) may not all be, so those wait for a larger read.
   */
  const nearestPage = async (searchMatch: SQL | undefined): Promise<Row[]> => {
    const wanted = input.limit + 1;
    const after = (r: Row) =>
      !distanceCursor ||
      r.chord === null ||
      r.chord > distanceCursor.distance ||
      (r.chord === distanceCursor.distance && r.listing.id > distanceCursor.id);
    const order = (a: Row, b: Row) =>
      (a.chord ?? 0) - (b.chord ?? 0) || a.listing.id - b.listing.id;
    for (let fetch = wanted + 8; ; fetch *= 4) {
      const rows = await run(searchMatch, fetch);
      const sorted = rows.filter(after).sort(order);
      const edge = rows.at(-1)?.chord ?? null;
      if (rows.length < fetch || edge === null) return sorted.slice(0, wanted);
      const sure = sorted.filter((r) => r.chord !== null && r.chord < edge);
      if (sure.length >= wanted) return sure.slice(0, wanted);
    }
  };
  const read = (searchMatch: SQL | undefined) =>
    byDistance ? nearestPage(searchMatch) : run(searchMatch);
  const filters: SearchFilters = {
    now,
    category: input.category,
    listingType: input.listingType,
    cursor: newestCursor,
    limit: input.limit + 1,
  };
  let fuzzy = cursor?.fuzzy ?? false;
  // Reading a word's newest listings first fits only the newest-first order over every place; around
  // a point, the full-text index checks the listings the location index finds.
  const aroundPoint = byDistance || input.radiusMiles !== undefined;
  const runSearch = async (match: SearchMatch | null) =>
    match ? read(searchCondition(aroundPoint ? { ...match, leading: null } : match, filters)) : [];
  const searchRows = async () => {
    const words = await analyseSearch(deps.db, search);
    if (fuzzy) return runSearch(await fuzzySearch(deps.db, words));
    const exact = await runSearch(exactSearch(words));
    if (cursor || exact.length > 0) return exact;
    fuzzy = true;
    return runSearch(await fuzzySearch(deps.db, words));
  };

  const plainFirstPage = !cursor && !search && !input.category && !input.listingType && !near;
  const rows = plainFirstPage
    ? (await firstPage(deps.db).execute({ now: now.toISOString(), limit: input.limit + 1 })).map(
        (row) => ({ ...row, distanceMetres: null, chord: null }),
      )
    : !search
      ? await read(undefined)
      : await searchRows();
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const items = await summaries(deps.db, page, now);
  let nextCursor: string | null = null;
  if (rows.length > input.limit && last) {
    nextCursor =
      byDistance && last.chord !== null
        ? encodeDistanceCursor({ distance: last.chord, id: last.listing.id, fuzzy })
        : encodeListingCursor({ createdAt: last.listing.createdAt, id: last.listing.id, fuzzy });
  }
  return {
    items: items.map((item, i) => withDistance(item, page[i]?.distanceMetres ?? null)),
    nextCursor,
  };
}

/**
 * How many listings of each type a search finds, by the list's own rules: the words as typed, or,
 * for a type where they find nothing, spelt alike (as that type's list would then show); the
 * category; within the radius; nearest first leaving out listings without a place. Each count
 * stops past LISTING_COUNT_LIMIT. Both types in one statement per pass.
 */
export async function countListings(
  deps: ServerDeps,
  input: ListingCountsInput,
): Promise<ListingCounts> {
  const now = deps.now();
  const byDistance = input.sort === 'distance' && input.near !== undefined;
  const near = input.near
    ? nearSearch(input.near, input.radiusMiles, byDistance || input.radiusMiles !== undefined)
    : null;
  const search = input.search?.trim() ?? '';

  const count = async (match: SearchMatch | null): Promise<ListingCounts> => {
    const capped = (type: ListingType) => {
      const matches = deps.db
        .select({ id: listings.id })
        .from(listings)
        .where(
          and(
            isLive(now),
            eq(listings.listingType, type),
            input.category ? eq(listings.category, input.category) : undefined,
            match ? sql`${listings.searchVector} @@ ${match.all}::tsquery` : undefined,
            ...(near?.conditions ?? []),
          ),
        )
        .limit(LISTING_COUNT_LIMIT + 1);
      return sql`(select count(*)::int from (${matches}) counted)`;
    };
    const [row] = await executeRows<ListingCounts>(
      deps.db,
      sql`select ${capped('single-item')} as "singleItems", ${capped('garage-sale')} as "garageSales"`,
    );
    return { singleItems: row?.singleItems ?? 0, garageSales: row?.garageSales ?? 0 };
  };

  if (!search) return count(null);
  const words = await analyseSearch(deps.db, search);
  const exactMatch = exactSearch(words);
  const exact = exactMatch ? await count(exactMatch) : { singleItems: 0, garageSales: 0 };
  if (exact.singleItems > 0 && exact.garageSales > 0) return exact;
  const fuzzyMatch = await fuzzySearch(deps.db, words);
  const fuzzy = fuzzyMatch ? await count(fuzzyMatch) : { singleItems: 0, garageSales: 0 };
  return {
    singleItems: exact.singleItems || fuzzy.singleItems,
    garageSales: exact.garageSales || fuzzy.garageSales,
  };
}

export async function listingStats(deps: ServerDeps): Promise<ListingStats> {
  const rows = await deps.db
    .select({ listingType: listings.listingType, n: count() })
    .from(listings)
    .where(isLive(deps.now()))
    .groupBy(listings.listingType);
  const of = (type: string) => rows.find((r) => r.listingType === type)?.n ?? 0;
  return {
    total: of('garage-sale') + of('single-item'),
    singleItems: of('single-item'),
    garageSales: of('garage-sale'),
  };
}

export async function listingsOfOwner(deps: ServerDeps, userId: number): Promise<ListingSummary[]> {
  const rows = await selectListings(deps.db)
    .where(eq(listings.userId, userId))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  return summaries(deps.db, rows, deps.now());
}

export async function liveListingsOfUser(
  deps: ServerDeps,
  userId: number,
): Promise<ListingSummary[]> {
  const now = deps.now();
  const rows = await selectListings(deps.db)
    .where(and(eq(listings.userId, userId), isLive(now)))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  return summaries(deps.db, rows, now);
}

/**
 * Garage sales starting on a day in [from, to] (the viewer's local dates), soonest first; around a
 * point with `near` (within `radiusMiles` when given), matching `search` and `category` when given.
 */
export async function salesBetween(
  deps: ServerDeps,
  input: SalesBetween,
): Promise<ListingSummary[]> {
  const now = deps.now();
  const near = input.near
    ? nearSearch(input.near, input.radiusMiles, input.radiusMiles !== undefined)
    : null;
  const search = input.search?.trim() ?? '';
  let searchMatch: SQL | undefined;
  if (search) {
    const match = exactSearch(await analyseSearch(deps.db, search));
    // No word can match: no sale does.
    if (!match) return [];
    searchMatch = sql`${listings.searchVector} @@ ${match.all}::tsquery`;
  }
  const rows = await deps.db
    .select({
      listing: listingColumns,
      user: sellerColumns,
      distanceMetres: near ? near.distanceMetres : sql<null>`null`,
    })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId))
    .where(
      and(
        eq(listings.listingType, 'garage-sale'),
        isLive(now),
        between(listings.startDate, input.from, input.to),
        input.category ? eq(listings.category, input.category) : undefined,
        searchMatch,
        ...(near?.conditions ?? []),
      ),
    )
    .orderBy(asc(listings.startDate), asc(listings.startTime), asc(listings.id));
  const items = await summaries(deps.db, rows, now);
  return items.map((item, i) => withDistance(item, rows[i]?.distanceMetres ?? null));
}
