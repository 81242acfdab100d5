/**
 * Distances on earthdistance's sphere: a search's box and radius around a point, and miles as
 * cards show them.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import * as schema from '@yardsale/db/schema';
import type { LatLngInput } from '@yardsale/validators';

const { listings } = schema;

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
export function nearSearch(near: LatLngInput, radiusMiles: number | undefined, located: boolean) {
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
export const withDistance = <T extends object>(item: T, metres: number | null) => ({
  ...item,
  distanceMiles: milesOf(metres),
});
