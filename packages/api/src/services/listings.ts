import { TRPCError } from '@trpc/server';
import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  lte,
  sql,
} from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ZodRealError } from 'zod';

import { preparedPerDatabase } from '@yardsale/db';
import type { Database, Executor } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { placeAddress } from '@yardsale/geo/gazetteer';
import type {
  ListingDetail,
  ListingImage,
  ListingInput,
  ListingLocation,
  LatLngInput,
  ListingPage,
  ListingSearch,
  SalesBetween,
  ListingStats,
  ListingSummary,
  ListingValues,
  SessionUser,
} from '@yardsale/validators';
import {
  UI_TEXT,
  decodeDistanceCursor,
  decodeListingCursor,
  encodeDistanceCursor,
  encodeListingCursor,
  listingEndsAt,
  listingSchema,
  saleTimingIssues,
} from '@yardsale/validators';
import type { SaleTiming } from '@yardsale/validators';

import {
  assertPhotoCount,
  imageKeys,
  removeStoredFiles,
  storeListingPhotos,
} from './listing-photos';
import { lockLiveAccount } from './account-lock';
import { analyseSearch, exactSearch, fuzzySearch, searchCondition } from './listing-search';
import { queueListingMatch } from './saved-search-matching';
import type { SearchFilters, SearchMatch } from './listing-search';
import type { ServerDeps } from './types';

const { listings, listingImages, users, savedListings } = schema;

// Generated search columns stay in the database.
const { searchVector: _vector, searchText: _text, ...listingColumns } = getTableColumns(listings);

const sellerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePicture: users.profilePicture,
};

/** A listing's point as stored: both coordinates null when it has none. */
interface StoredPoint {
  latitude: number | null;
  longitude: number | null;
  locationExact: boolean;
}

type ListingRow = Omit<
  ListingSummary,
  'primaryImage' | 'imageCount' | 'user' | 'isExpired' | 'location' | 'distanceMiles'
> &
  StoredPoint;

const listingNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.listing.notFound });

const METRES_PER_MILE = 1609.344;
/** earthdistance's sphere (`earth()`), which `@yardsale/geo/distance` also uses. */
const EARTH_RADIUS_METRES = 6378168;

/** A listing's point on earthdistance's sphere (what the location index holds). */
const listingEarth = sql`ll_to_earth(${listings.latitude}, ${listings.longitude})`;
const earthAt = (point: LatLngInput) =>
  sql`ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;

/**
 * Conditions and measures of a search around a point. Listings without a location are left out
 * whenever the search is bounded or ordered by distance; the box reads the location index, the
 * distance check trims its corners.
 */
function nearSearch(near: LatLngInput, radiusMiles: number | undefined, located: boolean) {
  const centre = earthAt(near);
  const lat = sql`${near.latitude}::float8`;
  const lng = sql`${near.longitude}::float8`;
  // earth_distance's great circle, written out (haversine) in plain arithmetic: the same metres, without
  // building and checking an earth value for every listing in the box (three times faster). LEAST
  // would read a missing point as 1, hence the CASE.
  const distanceMetres = sql<number | null>`(case when ${listings.longitude} is not null then
    ${2 * EARTH_RADIUS_METRES}::float8 * asin(least(1, sqrt(
      power(sin(radians(${listings.latitude} - ${lat}) / 2), 2)
      + cos(radians(${lat})) * cos(radians(${listings.latitude}))
        * power(sin(radians(${listings.longitude} - ${lng}) / 2), 2))))
    end)`;
  const conditions: SQL[] = [];
  if (located || radiusMiles !== undefined)
    conditions.push(sql`${listings.latitude} is not null and ${listings.longitude} is not null`);
  if (radiusMiles !== undefined) {
    const metres = radiusMiles * METRES_PER_MILE;
    conditions.push(
      sql`earth_box(${centre}, ${metres}::float8) @> ${listingEarth}`,
      sql`${distanceMetres} <= ${metres}::float8`,
    );
  }
  return {
    conditions,
    distanceMetres,
    /**
     * Straight-line (chord) distance through the earth: it orders exactly as the distance along the
     * surface does, and the location index reads listings in its order (nearest first) without
     * sorting every match.
     */
    chord: sql<number>`(${listingEarth} <-> ${centre})`,
  };
}

/** Miles to a tenth, as cards show them; null when the search gave no point. */
const milesOf = (metres: number | null) =>
  metres === null ? null : Math.round((metres / METRES_PER_MILE) * 10) / 10;

/** A card with its distance from the search's point (null without one). */
const withDistance = <T extends object>(item: T, metres: number | null) => ({
  ...item,
  distanceMiles: milesOf(metres),
});

/** Listings that have not ended: what every public list shows. */
export const isLive = (now: Date) => gt(listings.endsAt, now);

function selectListings(db: Executor) {
  return db
    .select({ listing: listingColumns, user: sellerColumns })
    .from(listings)
    .innerJoin(users, eq(users.id, listings.userId));
}

const imageColumns = {
  id: listingImages.id,
  listingId: listingImages.listingId,
  imageUrl: listingImages.imageUrl,
  thumbnailUrl: listingImages.thumbnailUrl,
  isPrimary: listingImages.isPrimary,
  width: listingImages.width,
  height: listingImages.height,
  createdAt: listingImages.createdAt,
};

/** Pages hold at most this many listings; photo queries for up to this many ids are kept prepared. */
const PREPARED_IMAGE_QUERIES = 50;

const imageQueries = preparedPerDatabase(() => new Map<number, ReturnType<typeof imagesQuery>>());

function imagesQuery(db: Database, count: number) {
  return db
    .select(imageColumns)
    .from(listingImages)
    .where(
      inArray(
        listingImages.listingId,
        Array.from({ length: count }, (_, i) => sql.placeholder(`id${i}`)),
      ),
    )
    .orderBy(desc(listingImages.isPrimary), asc(listingImages.position), asc(listingImages.id))
    .prepare(`listing_images_${count}`);
}

/** Every photo of these listings, cover first; one query, kept prepared for page-sized lists. */
async function imagesFor(db: Database, listingIds: number[]): Promise<Map<number, ListingImage[]>> {
  const byListing = new Map<number, ListingImage[]>();
  if (listingIds.length === 0) return byListing;
  const count = listingIds.length;
  let query = count <= PREPARED_IMAGE_QUERIES ? imageQueries(db).get(count) : undefined;
  if (!query) {
    query = imagesQuery(db, count);
    if (count <= PREPARED_IMAGE_QUERIES) imageQueries(db).set(count, query);
  }
  const ids: Record<string, number> = {};
  for (const [i, id] of listingIds.entries()) ids[`id${i}`] = id;
  const rows = await query.execute(ids);
  for (const row of rows) {
    const list = byListing.get(row.listingId);
    if (list) list.push(row);
    else byListing.set(row.listingId, [row]);
  }
  return byListing;
}

/** The point as cards and the map show it: approximate unless the seller placed the pin (decision 064). */
function locationOf(point: StoredPoint): ListingLocation | null {
  if (point.latitude === null || point.longitude === null) return null;
  return {
    latitude: point.latitude,
    longitude: point.longitude,
    approximate: !point.locationExact,
  };
}

/**
 * Where a listing goes on the map: the seller's pin (exact), else the centre of its address's ZIP or
 * town from the offline gazetteer (approximate), else nowhere; the listing is published either way.
 */
function placeListing(values: ListingValues): StoredPoint {
  if (values.location) {
    return { ...values.location, locationExact: true };
  }
  const place = placeAddress(values.address);
  return place
    ? { latitude: place.latitude, longitude: place.longitude, locationExact: false }
    : { latitude: null, longitude: null, locationExact: false };
}

/** A row as the API shows it, with its cover photo, photo count and seller. */
function toSummary(
  row: { listing: ListingRow; user: ListingSummary['user'] },
  images: ListingImage[],
  now: Date,
): ListingSummary {
  const primary = images[0];
  const { latitude, longitude, locationExact, ...listing } = row.listing;
  return {
    ...listing,
    location: locationOf({ latitude, longitude, locationExact }),
    // Only a search around a point measures it (withDistance).
    distanceMiles: null,
    user: row.user,
    primaryImage: primary
      ? {
          imageUrl: primary.imageUrl,
          thumbnailUrl: primary.thumbnailUrl,
          width: primary.width,
          height: primary.height,
        }
      : null,
    imageCount: images.length,
    isExpired: row.listing.endsAt.getTime() <= now.getTime(),
  };
}

async function summaries(
  db: Database,
  rows: { listing: ListingRow; user: ListingSummary['user'] }[],
  now: Date,
): Promise<ListingSummary[]> {
  const images = await imagesFor(
    db,
    rows.map((r) => r.listing.id),
  );
  return rows.map((r) => toSummary(r, images.get(r.listing.id) ?? [], now));
}

/** The first page of the plain browse (no search, filter or cursor): what most visits ask first. */
const firstPage = preparedPerDatabase((db) =>
  selectListings(db)
    .where(gt(listings.endsAt, sql.placeholder('now')))
    .orderBy(desc(listings.createdAt), desc(listings.id))
    .limit(sql.placeholder('limit'))
    .prepare('listings_first_page'),
);

const listingById = preparedPerDatabase((db) =>
  selectListings(db)
    .where(eq(listings.id, sql.placeholder('id')))
    .limit(1)
    .prepare('listing_by_id'),
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

/** One listing with every photo. Ended listings exist only for their owner. */
export async function getListing(
  deps: ServerDeps,
  id: number,
  viewer: SessionUser | null,
): Promise<ListingDetail> {
  const now = deps.now();
  const [row] = await listingById(deps.db).execute({ id });
  if (!row) throw listingNotFound();
  const images = (await imagesFor(deps.db, [id])).get(id) ?? [];
  const summary = toSummary(row, images, now);
  if (summary.isExpired && viewer?.id !== summary.userId) throw listingNotFound();
  return { ...summary, images };
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

export async function savedListingsOf(deps: ServerDeps, userId: number): Promise<ListingSummary[]> {
  const now = deps.now();
  const rows = await selectListings(deps.db)
    .innerJoin(savedListings, eq(savedListings.listingId, listings.id))
    .where(and(eq(savedListings.userId, userId), isLive(now)))
    .orderBy(desc(savedListings.createdAt), desc(savedListings.id));
  return summaries(deps.db, rows, now);
}

/**
 * A sale is published for the future (its date not past, its end not reached, where it takes place).
 * Refused like a form field, so the form shows the message under the date or the end time.
 */
function assertSaleAhead(deps: ServerDeps, values: ListingValues, previous?: SaleTiming) {
  const issues = saleTimingIssues(values, deps.now(), previous);
  if (issues.length === 0) return;
  // ZodRealError is the Error subclass zod throws itself; a plain ZodError would not travel as a cause.
  const cause = new ZodRealError(
    issues.map((issue) => ({ code: 'custom' as const, input: undefined, ...issue })),
  );
  throw new TRPCError({ code: 'BAD_REQUEST', message: issues[0]?.message, cause });
}

function endsAtFor(values: ListingValues, createdAt: Date): Date {
  return listingEndsAt({ ...values, createdAt });
}

/** Creates a listing and its photos together: a refused photo or a failed write leaves neither. */
export async function createListing(
  deps: ServerDeps,
  seller: SessionUser,
  input: ListingInput,
  photos: Buffer[] = [],
): Promise<number> {
  return (await publishListing(deps, seller, input, photos)).id;
}

/**
 * Creates a listing and its photos, and says where it landed on the map: `location` null tells the
 * seller the address was not found (the listing is published all the same).
 */
export async function publishListing(
  deps: ServerDeps,
  seller: SessionUser,
  input: ListingInput,
  photos: Buffer[] = [],
): Promise<{ id: number; location: ListingLocation | null }> {
  const { location: pin, ...values } = listingSchema.parse(input);
  const point = placeListing({ ...values, location: pin });
  assertSaleAhead(deps, values);
  assertPhotoCount(0, photos.length);
  const stored = await storeListingPhotos(deps, photos);
  try {
    const id = await deps.db.transaction(async (tx) => {
      await lockLiveAccount(tx, seller.id);
      const createdAt = deps.now();
      const [created] = await tx
        .insert(listings)
        .values({
          ...values,
          ...point,
          userId: seller.id,
          createdAt,
          updatedAt: createdAt,
          endsAt: endsAtFor(values, createdAt),
        })
        .returning({ id: listings.id });
      if (!created) throw new Error('insert returned no row');
      if (stored.length > 0) {
        await tx.insert(listingImages).values(
          stored.map((photo, position) => ({
            listingId: created.id,
            imageUrl: photo.imageUrl,
            thumbnailUrl: photo.thumbnailUrl,
            width: photo.width,
            height: photo.height,
            isPrimary: position === 0,
            position,
          })),
        );
      }
      // People whose saved searches this listing matches hear of it, once it is committed: the
      // matcher takes it from this queue, so nobody's creation waits on others' searches (077).
      await queueListingMatch(tx, created.id, createdAt);
      return created.id;
    });
    deps.matching.kick();
    return { id, location: locationOf(point) };
  } catch (err) {
    await removeStoredFiles(
      deps,
      stored.flatMap((p) => p.keys),
    );
    throw err;
  }
}

async function ownedListing(
  db: Executor,
  id: number,
  user: SessionUser,
  options: { allowAdmin: boolean; lock?: boolean },
) {
  const base = db
    .select({
      userId: listings.userId,
      createdAt: listings.createdAt,
      // An edit that keeps the address keeps the listing's point.
      address: listings.address,
      // The sale's timing as stored, so an edit that keeps it is not held to today's date.
      listingType: listings.listingType,
      startDate: listings.startDate,
      endDate: listings.endDate,
      startTime: listings.startTime,
      endTime: listings.endTime,
      timeZone: listings.timeZone,
    })
    .from(listings)
    .where(eq(listings.id, id));
  const [row] = options.lock ? await base.for('update') : await base;
  if (!row) throw listingNotFound();
  if (row.userId !== user.id && !(options.allowAdmin && user.role === 'admin')) {
    throw new TRPCError({ code: 'FORBIDDEN', message: UI_TEXT.listing.onlySeller });
  }
  return row;
}

export async function updateListing(
  deps: ServerDeps,
  user: SessionUser,
  id: number,
  input: ListingInput,
): Promise<ListingDetail> {
  const { location: pin, ...values } = listingSchema.parse(input);
  const current = await ownedListing(deps.db, id, user, { allowAdmin: false });
  assertSaleAhead(deps, values, current);
  // A new pin or a new address places the listing again; otherwise its point stays as it was.
  const point =
    pin || values.address !== current.address ? placeListing({ ...values, location: pin }) : {};
  await deps.db
    .update(listings)
    .set({
      ...values,
      ...point,
      endsAt: endsAtFor(values, current.createdAt),
      updatedAt: deps.now(),
    })
    .where(eq(listings.id, id));
  return getListing(deps, id, user);
}

export async function addListingPhotos(
  deps: ServerDeps,
  user: SessionUser,
  id: number,
  photos: Buffer[],
): Promise<ListingDetail> {
  if (photos.length === 0)
    throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.listing.photoRequired });
  await ownedListing(deps.db, id, user, { allowAdmin: false });
  const [existing] = await deps.db
    .select({ n: count() })
    .from(listingImages)
    .where(eq(listingImages.listingId, id));
  assertPhotoCount(existing?.n ?? 0, photos.length);
  const stored = await storeListingPhotos(deps, photos);
  try {
    await deps.db.transaction(async (tx) => {
      // Photos of an account being deleted would outlive it (their files are listed first).
      await lockLiveAccount(tx, user.id);
      // Counted again under the listing's lock: two uploads at once cannot pass five together.
      await ownedListing(tx, id, user, { allowAdmin: false, lock: true });
      const images = await tx
        .select({ position: listingImages.position, isPrimary: listingImages.isPrimary })
        .from(listingImages)
        .where(eq(listingImages.listingId, id));
      assertPhotoCount(images.length, stored.length);
      const nextPosition = Math.max(-1, ...images.map((i) => i.position)) + 1;
      const hasPrimary = images.some((i) => i.isPrimary);
      await tx.insert(listingImages).values(
        stored.map((photo, index) => ({
          listingId: id,
          imageUrl: photo.imageUrl,
          thumbnailUrl: photo.thumbnailUrl,
          width: photo.width,
          height: photo.height,
          isPrimary: !hasPrimary && index === 0,
          position: nextPosition + index,
        })),
      );
    });
  } catch (err) {
    await removeStoredFiles(
      deps,
      stored.flatMap((p) => p.keys),
    );
    throw err;
  }
  return getListing(deps, id, user);
}

export async function removeListingPhoto(
  deps: ServerDeps,
  user: SessionUser,
  listingId: number,
  imageId: number,
): Promise<ListingDetail> {
  const removed = await deps.db.transaction(async (tx) => {
    await ownedListing(tx, listingId, user, { allowAdmin: false, lock: true });
    const [image] = await tx
      .delete(listingImages)
      .where(and(eq(listingImages.id, imageId), eq(listingImages.listingId, listingId)))
      .returning();
    if (!image)
      throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.listing.photoNotInListing });
    if (image.isPrimary) {
      // The next photo in order becomes the cover.
      const [next] = await tx
        .select({ id: listingImages.id })
        .from(listingImages)
        .where(eq(listingImages.listingId, listingId))
        .orderBy(asc(listingImages.position), asc(listingImages.id))
        .limit(1);
      if (next)
        await tx
          .update(listingImages)
          .set({ isPrimary: true })
          .where(eq(listingImages.id, next.id));
    }
    return image;
  });
  await removeStoredFiles(deps, imageKeys(deps, removed));
  return getListing(deps, listingId, user);
}

/**
 * Removes listings with their photos, saves and conversations in one transaction; the files go
 * after the commit, so a failure never leaves a listing pointing at missing photos.
 */
export async function deleteListings(deps: ServerDeps, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { deleted, keys } = await deps.db.transaction(async (tx) => {
    const images = await tx
      .select({ imageUrl: listingImages.imageUrl, thumbnailUrl: listingImages.thumbnailUrl })
      .from(listingImages)
      .where(inArray(listingImages.listingId, ids));
    const rows = await tx
      .delete(listings)
      .where(inArray(listings.id, ids))
      .returning({ id: listings.id });
    return { deleted: rows.length, keys: images.flatMap((image) => imageKeys(deps, image)) };
  });
  await removeStoredFiles(deps, keys);
  return deleted;
}

export async function deleteListing(
  deps: ServerDeps,
  user: SessionUser,
  id: number,
): Promise<void> {
  await ownedListing(deps.db, id, user, { allowAdmin: true });
  await deleteListings(deps, [id]);
}

/**
 * Deletes listings that ended more than `purgeAfterDays` ago, as a manual delete would. Rows are
 * claimed with SKIP LOCKED, so several server instances running this at once never collide.
 */
export async function purgeEndedListings(
  deps: ServerDeps,
  purgeAfterDays: number,
  batchSize = 200,
): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - purgeAfterDays * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const { ids, keys } = await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .select({ id: listings.id })
        .from(listings)
        .where(lte(listings.endsAt, cutoff))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const claimedIds = claimed.map((r) => r.id);
      if (claimedIds.length === 0) return { ids: [], keys: [] };
      const images = await tx
        .select({ imageUrl: listingImages.imageUrl, thumbnailUrl: listingImages.thumbnailUrl })
        .from(listingImages)
        .where(inArray(listingImages.listingId, claimedIds));
      await tx.delete(listings).where(inArray(listings.id, claimedIds));
      return { ids: claimedIds, keys: images.flatMap((image) => imageKeys(deps, image)) };
    });
    await removeStoredFiles(deps, keys);
    total += ids.length;
    if (ids.length < batchSize) return total;
  }
}
