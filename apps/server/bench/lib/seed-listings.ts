import { hashPassword, sql, users } from '@yardsale/db';
import type { Database } from '@yardsale/db';

import { createListingGenerator, sellerRows } from './listing-content';
import type { ListingRow } from './listing-content';
import { randomSource } from './random';
import type { Random } from './random';

/** Sellers the seeded listings belong to. */
const SELLER_COUNT = 300;
const INSERT_BATCH = 5000;

/** The listing columns a batch fills, in `jsonb_to_recordset` form; generated columns fill themselves. */
const LISTING_COLUMNS: readonly [keyof ListingRow, string][] = [
  ['user_id', 'integer'],
  ['title', 'text'],
  ['description', 'text'],
  ['category', 'text'],
  ['listing_type', 'listing_type'],
  ['price_range', 'text'],
  ['address', 'text'],
  ['start_date', 'date'],
  ['end_date', 'date'],
  ['start_time', 'text'],
  ['end_time', 'text'],
  ['time_zone', 'text'],
  ['ends_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
];

/**
 * The same sellers and listings for a given seed, in every database and every run. With `place`,
 * each listing also gets a point (drawn before the listing, from the same random source). Answers
 * the number of sellers and the sellers' password hash, for accounts the bench adds.
 */
export async function seedBenchListings(
  db: Database,
  options: {
    count: number;
    now: Date;
    seed: number;
    place?: (random: Random) => { latitude: number; longitude: number };
  },
): Promise<{ sellerCount: number; passwordHash: string }> {
  const { count, now, place } = options;
  const random = randomSource(options.seed);
  const passwordHash = await hashPassword('neighbour-password');
  const sellers = await db
    .insert(users)
    .values(
      sellerRows(SELLER_COUNT, random).map((s) => ({
        email: s.email,
        firstName: s.first_name,
        lastName: s.last_name,
        passwordHash,
        termsAcceptedAt: now,
      })),
    )
    .returning({ id: users.id });
  const nextListing = createListingGenerator({ now, sellerIds: sellers.map((s) => s.id), random });

  const columns = sql.raw(LISTING_COLUMNS.map(([name]) => name).join(', '));
  const recordType = sql.raw(LISTING_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', '));
  const located = place ? sql`, latitude, longitude` : sql``;
  const locatedType = place ? sql`, latitude float8, longitude float8` : sql``;
  // One JSON parameter per batch: a multi-row insert both drivers send the same way, with no parameter limit.
  // The indexes grow row by row with default settings, as they would in use (a bulk build would make the GIN
  // indexes several times smaller than a real database's).
  for (let done = 0; done < count; done += INSERT_BATCH) {
    const rows = Array.from({ length: Math.min(INSERT_BATCH, count - done) }, () => {
      const point = place?.(random);
      return { ...nextListing(), ...point };
    });
    await db.execute(sql`
      insert into listings (${columns}${located})
      select ${columns}${located}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${recordType}${locatedType})`);
  }
  return { sellerCount: sellers.length, passwordHash };
}

/** Photo rows (no files: nothing fetches them), 0 to 4 per listing, 2 on average: every page reads them. */
export async function seedListingPhotos(db: Database) {
  await db.execute(sql`
    insert into listing_images (listing_id, image_url, thumbnail_url, is_primary, position, width, height)
    select l.id,
           '/uploads/listings/' || md5(l.id || '-' || n) || '-detail.webp',
           '/uploads/listings/' || md5(l.id || '-' || n) || '-card.webp',
           n = 0, n, 1280, 960
    from listings l cross join lateral generate_series(0, (l.id * 7) % 5 - 1) as n`);
}
