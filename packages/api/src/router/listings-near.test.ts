import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { EARTH_RADIUS_MILES, milesBetween } from '@yardsale/geo/distance';
import type { LatLng } from '@yardsale/geo/distance';
import type { ListingInput } from '@yardsale/validators';
import { UI_TEXT } from '@yardsale/validators';

import { describeError } from '../errors';
import { createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const M = UI_TEXT.listing;

/** The Capitol square in Madison, WI: where the buyer searches from. */
const centre: LatLng = { latitude: 43.0747, longitude: -89.3841 };

/** A point `miles` due north of the centre, on the sphere the database measures on. */
const north = (miles: number): LatLng => ({
  latitude: centre.latitude + (miles / EARTH_RADIUS_MILES) * (180 / Math.PI),
  longitude: centre.longitude,
});
/** A point `miles` due east (along the parallel: a little less as the crow flies). */
const east = (miles: number): LatLng => ({
  latitude: centre.latitude,
  longitude:
    centre.longitude +
    (miles / (EARTH_RADIUS_MILES * Math.cos((centre.latitude * Math.PI) / 180))) * (180 / Math.PI),
});

const item = (overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: 'Oak rocking chair',
  category: 'Furniture',
  listingType: 'single-item',
  priceRange: '$25-$50',
  address: 'Somewhere without a ZIP',
  ...overrides,
});

describe.each(testDatabaseKinds())('listings near a point on %s', (kind) => {
  let api: TestApi;
  let buyer: Awaited<ReturnType<TestApi['signUp']>>['caller'];
  let seller: Awaited<ReturnType<TestApi['signUp']>>['caller'];
  // Friday 5 June 2026, 10:00 in Chicago.
  const clock = new Date('2026-06-05T15:00:00Z');

  /** A listing at `point` (or without a location), its point stored as the map would keep it. */
  async function listingAt(point: LatLng | null, overrides: Partial<ListingInput> = {}) {
    const { id } = await seller.listings.create(item(overrides));
    await api.handle.db
      .update(schema.listings)
      .set({
        latitude: point?.latitude ?? null,
        longitude: point?.longitude ?? null,
        locationExact: point !== null,
      })
      .where(eq(schema.listings.id, id));
    return id;
  }

  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await createTestApi(kind, { now: () => clock });
    seller = (await api.signUp('Rosa')).caller;
    buyer = (await api.signUp('Hal')).caller;
    ids.justInside = await listingAt(north(9.99), { title: 'Walnut dresser' });
    ids.justOutside = await listingAt(north(10.01), { title: 'Pine dresser' });
    ids.twoEast = await listingAt(east(2), { title: 'Toy kitchen', category: 'Toys' });
    ids.oneNorth = await listingAt(north(1), { title: 'Oak bookshelf' });
    ids.fiveEast = await listingAt(east(5), { title: 'Oak desk' });
    ids.atCentre = await listingAt(centre, { title: 'Lamp and oak side table' });
    ids.far = await listingAt(north(40), { title: 'Oak chest' });
    ids.nowhere = await listingAt(null, { title: 'Oak table, address unknown' });
  });
  afterAll(async () => {
    await api.close();
  });

  it('keeps a listing 9.99 miles away inside a 10-mile radius and one 10.01 miles away outside', async () => {
    expect(milesBetween(centre, north(9.99))).toBeLessThan(10);
    expect(milesBetween(centre, north(10.01))).toBeGreaterThan(10);
    const page = await buyer.listings.list({ near: centre, radiusMiles: 10, limit: 50 });
    const found = page.items.map((l) => l.id);
    expect(found).toContain(ids.justInside);
    expect(found).not.toContain(ids.justOutside);
    expect(found).not.toContain(ids.far);
    expect(found).not.toContain(ids.nowhere);
    expect(found).toHaveLength(5);
    const inside = page.items.find((l) => l.id === ids.justInside);
    expect(inside).toMatchObject({ distanceMiles: 10 });
  });

  it('sorts nearest first, each with its distance to a tenth of a mile', async () => {
    const page = await buyer.listings.list({ near: centre, sort: 'distance', limit: 50 });
    expect(page.items.map((l) => l.id)).toEqual([
      ids.atCentre,
      ids.oneNorth,
      ids.twoEast,
      ids.fiveEast,
      ids.justInside,
      ids.justOutside,
      ids.far,
    ]);
    expect(page.items.map((l) => (l as { distanceMiles?: unknown }).distanceMiles)).toEqual([
      0, 1, 2, 5, 10, 10, 40,
    ]);
    expect(page.nextCursor).toBeNull();
  });

  it('pages nearest first two at a time: every listing once, in order', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof buyer.listings.list>> = await buyer.listings.list({
        near: centre,
        sort: 'distance',
        limit: 2,
        cursor,
      });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((l) => l.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(seen).toEqual([
      ids.atCentre,
      ids.oneNorth,
      ids.twoEast,
      ids.fiveEast,
      ids.justInside,
      ids.justOutside,
      ids.far,
    ]);
  });

  it('pages within a radius newest first, and nearest first with two listings at the same spot', async () => {
    const twin = await listingAt(north(1), { title: 'Oak footstool' });
    try {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof buyer.listings.list>> = await buyer.listings.list({
          near: centre,
          radiusMiles: 3,
          sort: 'distance',
          limit: 2,
          cursor,
        });
        seen.push(...page.items.map((l) => l.id));
        cursor = page.nextCursor;
      } while (cursor);
      // Same distance: the lower id first.
      expect(seen).toEqual([ids.atCentre, ids.oneNorth, twin, ids.twoEast]);

      const newest = await buyer.listings.list({ near: centre, radiusMiles: 3, limit: 50 });
      expect(newest.items.map((l) => l.id)).toEqual([
        twin,
        ids.atCentre,
        ids.oneNorth,
        ids.twoEast,
      ]);
    } finally {
      await seller.listings.delete({ id: twin });
    }
  });

  it('pages a dozen listings at one spot (a ZIP centre) in id order, each once', async () => {
    const spot = east(7);
    const same: number[] = [];
    for (let i = 0; i < 12; i++) same.push(await listingAt(spot, { title: `Crate ${i}` }));
    try {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof buyer.listings.list>> = await buyer.listings.list({
          near: spot,
          sort: 'distance',
          limit: 2,
          cursor,
        });
        seen.push(...page.items.map((l) => l.id));
        cursor = seen.length < 12 ? page.nextCursor : null;
      } while (cursor);
      expect(seen).toEqual(same);
    } finally {
      for (const id of same) await seller.listings.delete({ id });
    }
  });

  it('combines the distance with a search and a category', async () => {
    const oak = await buyer.listings.list({
      near: centre,
      radiusMiles: 10,
      search: 'oak',
      sort: 'distance',
    });
    expect(oak.items.map((l) => l.id)).toEqual([ids.atCentre, ids.oneNorth, ids.fiveEast]);

    const toys = await buyer.listings.list({
      near: centre,
      radiusMiles: 10,
      category: 'Toys',
    });
    expect(toys.items.map((l) => l.id)).toEqual([ids.twoEast]);

    // Misspelt: the spelling-tolerant search keeps to the radius too.
    const misspelt = await buyer.listings.list({
      near: centre,
      radiusMiles: 10,
      search: 'dreser',
      sort: 'distance',
    });
    expect(misspelt.items.map((l) => l.id)).toEqual([ids.justInside]);
  });

  it('counts within a radius and nearest first as the list shows them', async () => {
    const within = { near: centre, radiusMiles: 10 };
    const shown = async (input: Parameters<typeof buyer.listings.list>[0]) =>
      (await buyer.listings.list({ ...input, limit: 50 })).items.length;
    for (const input of [
      within,
      { ...within, search: 'oak' },
      { ...within, search: 'oka' },
      { near: centre, sort: 'distance' as const, search: 'oak' },
      { near: centre, search: 'oak' },
    ]) {
      expect(await buyer.listings.counts(input), JSON.stringify(input)).toEqual({
        singleItems: await shown({ ...input, listingType: 'single-item' }),
        garageSales: 0,
      });
    }
    // Inside 10 miles: bookshelf, desk and side table; not the chest 40 miles off or the table
    // without a place.
    expect(await buyer.listings.counts({ ...within, search: 'oak' })).toEqual({
      singleItems: 3,
      garageSales: 0,
    });
    // Without a radius every oak listing counts, the one without a place too.
    expect(await buyer.listings.counts({ near: centre, search: 'oak' })).toEqual({
      singleItems: 5,
      garageSales: 0,
    });
  });

  it('never shows a listing without a location in a search within a radius or nearest first', async () => {
    const within = await buyer.listings.list({ near: centre, radiusMiles: 250, limit: 50 });
    const nearest = await buyer.listings.list({ near: centre, sort: 'distance', limit: 50 });
    expect(within.items.map((l) => l.id)).not.toContain(ids.nowhere);
    expect(nearest.items.map((l) => l.id)).not.toContain(ids.nowhere);
    // Without a radius, newest first, it is listed with no distance.
    const all = await buyer.listings.list({ near: centre, limit: 50 });
    const nowhere = all.items.find((l) => l.id === ids.nowhere);
    expect(nowhere).toMatchObject({ distanceMiles: null });
    // Without near, no listing has a distance.
    const plain = await buyer.listings.list({ limit: 50 });
    expect(
      plain.items.every((l) => (l as { distanceMiles?: unknown }).distanceMiles === null),
    ).toBe(true);
  });

  it('refuses coordinates off the globe, a radius or nearest-first without a point, with the message', async () => {
    const cases = [
      [{ near: { latitude: 91, longitude: 0 } }, 'latitude', M.latitudeRange],
      [{ near: { latitude: 0, longitude: -180.5 } }, 'longitude', M.longitudeRange],
      [{ radiusMiles: 10 }, 'radiusMiles', M.radiusNeedsNear],
      [{ sort: 'distance' as const }, 'sort', M.distanceSortNeedsNear],
      [{ near: centre, radiusMiles: 251 }, 'radiusMiles', M.radiusRange],
      [{ near: centre, radiusMiles: 0 }, 'radiusMiles', M.radiusRange],
    ] as const;
    for (const [input, field, message] of cases) {
      const err = await refusal(buyer.listings.list(input));
      expect(err.code).toBe('BAD_REQUEST');
      const described = describeError(err, api.logger);
      expect(described.message).toBe(message);
      expect(described.zodError?.fieldErrors[field]).toEqual([message]);
    }
  });

  it('reads a coordinate a hair from zero as zero, in a search and in a count', async () => {
    const near = { latitude: -1, longitude: 5e-324 };
    const zero = { latitude: -1, longitude: 0 };
    expect(await buyer.listings.list({ near, radiusMiles: 2 })).toEqual(
      await buyer.listings.list({ near: zero, radiusMiles: 2 }),
    );
    expect(await buyer.listings.counts({ near, radiusMiles: 2 })).toEqual({
      singleItems: 0,
      garageSales: 0,
    });
  });

  it('refuses a page link of the other order instead of showing the wrong listings', async () => {
    const nearest = await buyer.listings.list({ near: centre, sort: 'distance', limit: 2 });
    const newest = await buyer.listings.list({ limit: 2 });
    expect(nearest.nextCursor).not.toBeNull();
    expect(newest.nextCursor).not.toBeNull();
    const a = await refusal(buyer.listings.list({ limit: 2, cursor: nearest.nextCursor }));
    expect(describeError(a, api.logger).message).toBe(UI_TEXT.request.cursorOtherOrder);
    const b = await refusal(
      buyer.listings.list({ near: centre, sort: 'distance', limit: 2, cursor: newest.nextCursor }),
    );
    expect(describeError(b, api.logger).message).toBe(UI_TEXT.request.cursorOtherOrder);
  });

  it('finds this weekend’s sales around a point, by word and category, with their distance', async () => {
    const sale = (title: string, category: ListingInput['category']): Partial<ListingInput> => ({
      title,
      category,
      listingType: 'garage-sale',
      startDate: '2026-06-06',
      startTime: '08:00',
      endTime: '14:00',
      timeZone: 'America/Chicago',
    });
    const close = await listingAt(north(3), sale('Moving sale: bikes and tools', 'Home & Garden'));
    const other = await listingAt(east(4), sale('Baby clothes sale', 'Clothing'));
    const away = await listingAt(north(30), sale('Farm tools sale', 'Home & Garden'));
    const unplaced = await listingAt(null, sale('Garage full of tools', 'Home & Garden'));
    const weekend = { from: '2026-06-06', to: '2026-06-07' };

    const all = await buyer.listings.salesBetween(weekend);
    expect(all.map((l) => l.id).sort((x, y) => x - y)).toEqual([close, other, away, unplaced]);
    expect(all.every((l) => (l as { distanceMiles?: unknown }).distanceMiles === null)).toBe(true);

    const around = await buyer.listings.salesBetween({ ...weekend, near: centre, radiusMiles: 10 });
    expect(around.map((l) => l.id).sort((x, y) => x - y)).toEqual([close, other]);
    expect(around.find((l) => l.id === close)).toMatchObject({ distanceMiles: 3 });

    const tools = await buyer.listings.salesBetween({
      ...weekend,
      near: centre,
      radiusMiles: 50,
      search: 'tools',
      category: 'Home & Garden',
    });
    expect(tools.map((l) => l.id).sort((x, y) => x - y)).toEqual([close, away]);

    const err = await refusal(buyer.listings.salesBetween({ ...weekend, radiusMiles: 5 }));
    expect(describeError(err, api.logger).message).toBe(M.radiusNeedsNear);
  });
});
