/**
 * The distance case: every listing gets a point around one of the towns, the marketplace grows by
 * copying listings on the server, and searches around a point are measured.
 */
import { executeRows, sql } from '@yardsale/db';
import type { Database } from '@yardsale/db';

import { count as n, seconds } from '../lib/format';
import { MILES_PER_DEGREE_LATITUDE, TOWN_COUNT, townCentre } from '../lib/towns';
import type { Client } from './client';
import { DISTANCE_QUERY_TYPES, DISTANCE_TOWNS } from './queries';
import { printResults } from './report';
import { runOnce, runType } from './runs';
import type { TypeResult } from './runs';

/** Spread of a town's listings (standard deviation of each axis): half lie within about 5 miles. */
const TOWN_SPREAD_MILES = 4.2;

/** townCentre's hash (lib/towns.ts) in SQL, so that the server places listings around the same towns. */
const townFractionSql = (town: string, salt: number) =>
  `((sin(${town} * 12.9898 + ${salt} * 78.233) * 43758.5453) - floor(sin(${town} * 12.9898 + ${salt} * 78.233) * 43758.5453))`;

/** A point around town `town` (SQL expressions), normally distributed about its centre. */
function pointAroundTownSql(town: string) {
  const sd = TOWN_SPREAD_MILES / MILES_PER_DEGREE_LATITUDE;
  // Box-Muller: two uniform draws give two independent normal ones.
  const radius = `sqrt(-2 * ln(1 - random()))`;
  return {
    latitude: `(30 + 17 * ${townFractionSql(town, 1)})`,
    longitude: `(-121 + 46 * ${townFractionSql(town, 2)})`,
    offset: `${sd} * ${radius}`,
    angle: `2 * pi() * random()`,
  };
}

/**
 * Gives every listing a point around one of the towns, then copies listings (with their words,
 * categories, timing and sellers) until there are `total`, each copy placed around a town too. All on
 * the server: one statement each, no rows through the driver.
 */
async function seedLocations(db: Database, total: number) {
  await db.execute(sql`select setseed(0.703)`);
  const p = pointAroundTownSql('t.town');
  const placed = (town: string) =>
    sql.raw(`
    select ${p.latitude} + ${p.offset} * cos(${p.angle}) as latitude,
           ${p.longitude} + ${p.offset} * sin(${p.angle}) / cos(radians(${p.latitude})) as longitude
    from (select ${town} as town) t`);
  await db.execute(sql`
    update listings l set latitude = pt.latitude, longitude = pt.longitude
    from listings src cross join lateral (${placed(`(src.id % ${TOWN_COUNT})`)}) pt
    where src.id = l.id`);
  const [existing] = await executeRows<{ n: number; first: number }>(
    db,
    sql`select count(*)::int as n, min(id)::int as first from listings`,
  );
  const base = existing?.n ?? 0;
  const first = existing?.first ?? 1;
  if (total <= base) return;
  const [last] = await executeRows<{ id: number }>(
    db,
    sql`select max(id)::int as id from listings`,
  );
  // The copies' words are already known (search_terms) and their index entries (listing_terms) are
  // written in one statement below: the same rows the per-listing triggers write, minutes faster.
  await db.execute(sql`alter table listings disable trigger listings_add_terms`);
  await db.execute(sql`alter table listings disable trigger listings_collect_search_terms`);
  try {
    await copyListings(db, total - base, first, base, placed);
  } finally {
    await db.execute(sql`alter table listings enable trigger listings_add_terms`);
    await db.execute(sql`alter table listings enable trigger listings_collect_search_terms`);
  }
  await db.execute(sql`
    insert into listing_terms (lexeme, created_at, listing_id, ends_at, category, listing_type)
    select lexeme, l.created_at, l.id, l.ends_at, l.category, l.listing_type
    from listings l cross join unnest(tsvector_to_array(l.search_vector)) as lexeme
    where l.id > ${last?.id ?? 0}`);
}

async function copyListings(
  db: Database,
  count: number,
  first: number,
  base: number,
  placed: (town: string) => ReturnType<typeof sql.raw>,
) {
  await db.execute(sql`
    insert into listings (user_id, title, description, category, listing_type, price_range, address,
                          start_date, end_date, start_time, end_time, time_zone, ends_at, created_at,
                          latitude, longitude)
    select src.user_id, src.title, src.description, src.category, src.listing_type, src.price_range,
           src.address, src.start_date, src.end_date, src.start_time, src.end_time, src.time_zone,
           src.ends_at, src.created_at - (g % 97) * interval '1 minute', pt.latitude, pt.longitude
    from generate_series(1, ${count}) g
    join listings src on src.id = ${first} + (g % ${base})
    cross join lateral (${placed(`(g % ${TOWN_COUNT})`)}) pt`);
}

/** Grows the marketplace to `total` located listings and measures searches around a point. */
export async function distanceCase(db: Database, list: Client, total: number, repeat: number) {
  console.log(`\nDistance case: placing every listing and growing to ${n(total)} listings...`);
  const seedStarted = performance.now();
  await seedLocations(db, total);
  const seedMs = performance.now() - seedStarted;
  const vacuumStarted = performance.now();
  await db.execute(sql`vacuum (analyze)`);
  const vacuumMs = performance.now() - vacuumStarted;
  const [counts] = await executeRows<{ total: number; located: number }>(
    db,
    sql`select count(*)::int as total, count(latitude)::int as located from listings`,
  );
  const centre = townCentre(DISTANCE_TOWNS[0] ?? 0);
  const [around] = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from listings
        where earth_box(ll_to_earth(${centre.latitude}, ${centre.longitude}), ${10 * 1609.344}) @> ll_to_earth(latitude, longitude)
          and earth_distance(ll_to_earth(${centre.latitude}, ${centre.longitude}), ll_to_earth(latitude, longitude)) <= ${10 * 1609.344}`,
  );
  console.log(
    `${n(counts?.total ?? 0)} listings, ${n(counts?.located ?? 0)} on the map, ${TOWN_COUNT} towns ` +
      `(${n(around?.n ?? 0)} within 10 miles of town ${DISTANCE_TOWNS[0] ?? 0}), in ${seconds(seedMs)}; ` +
      `VACUUM ANALYZE ${seconds(vacuumMs)}`,
  );
  for (const type of DISTANCE_QUERY_TYPES) {
    for (const params of type.variants) await runOnce(list, type, params);
  }
  const results: TypeResult[] = [];
  for (const type of DISTANCE_QUERY_TYPES) results.push(await runType(list, type, repeat));
  console.log(`\nGET /api/listings around a point, ${n(counts?.total ?? 0)} listings:\n`);
  printResults(results);
  return results;
}
