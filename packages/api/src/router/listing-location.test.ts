import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import type { ListingInput } from '@yardsale/validators';
import { UI_TEXT } from '@yardsale/validators';

import { describeError } from '../errors';
import { createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const item = (overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: 'Walnut bookcase',
  category: 'Furniture',
  listingType: 'single-item',
  priceRange: '$50-$100',
  address: '12 Willow Lane, Madison, WI 53703',
  timeZone: 'America/Chicago',
  ...overrides,
});

/** ZIP 53703's centre, as the offline gazetteer has it. */
const MADISON_53703 = { latitude: 43.0775, longitude: -89.3831 };
/** ZIP 53711's centre. */
const MADISON_53711 = { latitude: 43.0356, longitude: -89.4526 };
/** A seller's pin on their driveway. */
const PIN = { latitude: 43.07412, longitude: -89.38961 };

describe.each(testDatabaseKinds())('listing locations on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind, {
      rateLimits: {
        registerByClient: { points: 1000, durationSeconds: 60 },
        placeLookupByClient: { points: 5, durationSeconds: 60 },
      },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('places a listing at its ZIP, shown as approximate on every card', async () => {
    const seller = await api.signUp('Ines');
    const created = await seller.caller.listings.create(item());
    expect(created.location).toEqual({ ...MADISON_53703, approximate: true });

    const detail = await seller.caller.listings.byId({ id: created.id });
    expect(detail.location).toEqual({ ...MADISON_53703, approximate: true });
    expect(detail.distanceMiles).toBeNull();
    const [mine] = await seller.caller.listings.mine();
    expect(mine?.location).toEqual({ ...MADISON_53703, approximate: true });
    expect(mine?.distanceMiles).toBeNull();
    const page = await seller.caller.listings.list({});
    expect(page.items.find((i) => i.id === created.id)?.location).toEqual({
      ...MADISON_53703,
      approximate: true,
    });
    const [byUser] = await seller.caller.listings.byUser({ userId: seller.user.id });
    expect(byUser?.location?.approximate).toBe(true);
  });

  it('places a listing by its town when the address has no ZIP', async () => {
    const seller = await api.signUp('Tomas');
    const created = await seller.caller.listings.create(
      item({ address: '4 Elm Street, Madison, WI' }),
    );
    expect(created.location?.approximate).toBe(true);
    expect(created.location?.latitude).toBeCloseTo(43.07, 1);
    expect(created.location?.longitude).toBeCloseTo(-89.4, 1);
  });

  it("keeps the seller's pin exactly, shown as exact", async () => {
    const seller = await api.signUp('Pia');
    const created = await seller.caller.listings.create(item({ location: PIN }));
    expect(created.location).toEqual({ ...PIN, approximate: false });
    const detail = await seller.caller.listings.byId({ id: created.id });
    expect(detail.location).toEqual({ ...PIN, approximate: false });
    // Another buyer sees the same point on the card.
    const buyer = await api.signUp('Bea');
    await buyer.caller.saved.save({ listingId: created.id });
    const [saved] = await buyer.caller.saved.list();
    expect(saved?.location).toEqual({ ...PIN, approximate: false });
  });

  it('publishes a listing whose address is on no map, without a point', async () => {
    const seller = await api.signUp('Olek');
    const created = await seller.caller.listings.create(
      item({ address: '7 Hollow Road, Cedar Hollow' }),
    );
    expect(created.location).toBeNull();
    const detail = await seller.caller.listings.byId({ id: created.id });
    expect(detail.location).toBeNull();
    expect(detail.title).toBe('Walnut bookcase');
    const page = await seller.caller.listings.list({});
    expect(page.items.some((i) => i.id === created.id)).toBe(true);
  });

  it('refuses a pin off the map with a clear message', async () => {
    const seller = await api.signUp('Rui');
    const err = await refusal(
      seller.caller.listings.create(item({ location: { latitude: 91, longitude: -89.4 } })),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(describeError(err, api.logger).message).toBe(UI_TEXT.listing.latitudeRange);
    const west = await refusal(
      seller.caller.listings.create(item({ location: { latitude: 43, longitude: -181 } })),
    );
    expect(describeError(west, api.logger).message).toBe(UI_TEXT.listing.longitudeRange);
  });

  it('places the listing again when the address changes, and keeps the point otherwise', async () => {
    const seller = await api.signUp('Ada');
    const created = await seller.caller.listings.create(item({ location: PIN }));

    // Same address, no pin sent: the seller's pin stays.
    const retitled = await seller.caller.listings.update({
      id: created.id,
      listing: item({ title: 'Walnut bookcase, two shelves' }),
    });
    expect(retitled.location).toEqual({ ...PIN, approximate: false });

    // A new address without a pin: placed at the new ZIP, approximate.
    const moved = await seller.caller.listings.update({
      id: created.id,
      listing: item({ address: '90 Odana Road, Madison, WI 53711' }),
    });
    expect(moved.location).toEqual({ ...MADISON_53711, approximate: true });

    // A new pin wins over the address.
    const pinned = await seller.caller.listings.update({
      id: created.id,
      listing: item({ address: '90 Odana Road, Madison, WI 53711', location: PIN }),
    });
    expect(pinned.location).toEqual({ ...PIN, approximate: false });

    // An address nowhere on the map: no point, still published.
    const lost = await seller.caller.listings.update({
      id: created.id,
      listing: item({ address: 'Behind the old mill' }),
    });
    expect(lost.location).toBeNull();
    expect((await seller.caller.listings.byId({ id: created.id })).location).toBeNull();
  });

  describe('geo.lookup', () => {
    it('finds a ZIP or a town without signing in', async () => {
      const { caller } = await api.as(undefined, '10.0.0.1');
      expect(await caller.geo.lookup({ query: '53703' })).toEqual({
        ...MADISON_53703,
        label: '53703',
        zip: '53703',
        others: [],
      });
      expect(await caller.geo.lookup({ query: 'madison, wi' })).toMatchObject({
        label: 'Madison, WI',
        zip: null,
        others: [],
      });
    });

    it('finds a town by its bare name, with the other towns of that name to choose from', async () => {
      const { caller } = await api.as(undefined, '10.0.0.5');
      const found = await caller.geo.lookup({ query: 'Madison' });
      expect(found).toMatchObject({ label: 'Madison, WI', zip: null });
      expect(found?.others.length).toBeGreaterThan(0);
      for (const other of found?.others ?? []) {
        expect(other.label).toMatch(/^Madison, [A-Z]{2}$/);
        expect(other.label).not.toBe('Madison, WI');
      }
    });

    it('answers null for a place it does not know', async () => {
      const { caller } = await api.as(undefined, '10.0.0.2');
      expect(await caller.geo.lookup({ query: 'Atlantis, ZZ' })).toBeNull();
      expect(await caller.geo.lookup({ query: '00000' })).toBeNull();
    });

    it('refuses an empty or overlong query with a clear message', async () => {
      const { caller } = await api.as(undefined, '10.0.0.3');
      const empty = await refusal(caller.geo.lookup({ query: '   ' }));
      expect(empty.code).toBe('BAD_REQUEST');
      expect(describeError(empty, api.logger).message).toBe(UI_TEXT.geo.placeQueryRequired);
      const long = await refusal(caller.geo.lookup({ query: 'x'.repeat(101) }));
      expect(describeError(long, api.logger).message).toBe(UI_TEXT.geo.placeQueryTooLong);
    });

    it('limits look-ups from one client', async () => {
      const { caller, headers } = await api.as(undefined, '10.0.0.4');
      for (let i = 0; i < 5; i += 1) await caller.geo.lookup({ query: '53703' });
      const err = await refusal(caller.geo.lookup({ query: '53703' }));
      expect(err.code).toBe('TOO_MANY_REQUESTS');
      expect(headers.some(([name]) => name.toLowerCase() === 'retry-after')).toBe(true);
    });
  });

  it('geo.mapConfig gives OpenStreetMap tiles by default', async () => {
    const { caller } = await api.as();
    const config = await caller.geo.mapConfig();
    expect(config.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.attribution).toContain('OpenStreetMap');
  });
});
