/**
 * Listing rows as the API shows them: the columns read, a card's cover photo and seller, one
 * listing with every photo, and the seller's hold on their own listing.
 */
import { TRPCError } from '@trpc/server';
import { asc, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';

import { preparedPerDatabase } from '@yardsale/db';
import type { Database, Executor } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import type {
  ListingDetail,
  ListingImage,
  ListingLocation,
  ListingSummary,
  SessionUser,
} from '@yardsale/validators';
import { UI_TEXT } from '@yardsale/validators';

import type { ServerDeps } from './types';

const { listings, listingImages, reviews, users } = schema;

// Generated search columns stay in the database.
const { searchVector: _vector, searchText: _text, ...listingColumns } = getTableColumns(listings);
export { listingColumns };

/**
 * The seller as a card shows them: name, photo and rating. The rating is read in the same
 * statement, per listing on the page, from the reviews index (reviewee first): no query per card.
 */
export const sellerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePicture: users.profilePicture,
  averageRating: sql<number | null>`(select round(avg(${reviews.rating})::numeric, 1)::float8
    from ${reviews} where ${reviews.revieweeId} = ${users.id})`.as('seller_average_rating'),
  totalReviews: sql<number>`(select count(*)::int
    from ${reviews} where ${reviews.revieweeId} = ${users.id})`.as('seller_total_reviews'),
};

/** A listing's point as stored: both coordinates null when it has none. */
export interface StoredPoint {
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

/** Listings that have not ended: what every public list shows. */
export const isLive = (now: Date) => gt(listings.endsAt, now);

export function selectListings(db: Executor) {
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
export function locationOf(point: StoredPoint): ListingLocation | null {
  if (point.latitude === null || point.longitude === null) return null;
  return {
    latitude: point.latitude,
    longitude: point.longitude,
    approximate: !point.locationExact,
  };
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

export async function summaries(
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

const listingById = preparedPerDatabase((db) =>
  selectListings(db)
    .where(eq(listings.id, sql.placeholder('id')))
    .limit(1)
    .prepare('listing_by_id'),
);

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

export async function ownedListing(
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
