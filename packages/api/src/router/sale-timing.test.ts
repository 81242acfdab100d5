import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import type { ListingInput } from '@yardsale/validators';
import { UI_TEXT } from '@yardsale/validators';

import { describeError } from '../errors';
import { createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const M = UI_TEXT.listing;

const sale = (overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: 'Porch sale',
  category: 'Multi-Family',
  listingType: 'garage-sale',
  priceRange: 'Negotiable',
  address: '3 Birch Court, Brookfield',
  startDate: '2026-06-06',
  startTime: '08:00',
  endTime: '14:00',
  timeZone: 'America/Chicago',
  ...overrides,
});

describe.each(testDatabaseKinds())('garage-sale times on %s', (kind) => {
  let api: TestApi;
  // Friday 5 June 2026, 10:00 in Chicago.
  let clock = new Date('2026-06-05T15:00:00Z');

  beforeAll(async () => {
    api = await createTestApi(kind, { now: () => clock });
  });
  afterAll(async () => {
    await api.close();
  });

  const countListings = () => api.handle.db.$count(schema.listings);

  it('refuses a sale from 14:00 to 09:00 on one day, with the message under the end time, and stores nothing', async () => {
    const seller = await api.signUp('Rosa');
    const before = await countListings();
    const err = await refusal(
      seller.caller.listings.create(sale({ startTime: '14:00', endTime: '09:00' })),
    );
    expect(err.code).toBe('BAD_REQUEST');
    const described = describeError(err, api.logger);
    expect(described.message).toBe(M.endTimeBeforeStart);
    expect(described.zodError?.fieldErrors.endTime).toEqual([M.endTimeBeforeStart]);
    expect(await countListings()).toBe(before);
  });

  it('refuses a start date already past in the seller’s time zone, under the date', async () => {
    const seller = await api.signUp('Hal');
    const err = await refusal(seller.caller.listings.create(sale({ startDate: '2026-06-04' })));
    expect(err.code).toBe('BAD_REQUEST');
    expect(describeError(err, api.logger).zodError?.fieldErrors.startDate).toEqual([M.dateInPast]);
  });

  it('judges “today” where the sale is: late evening in Chicago is already tomorrow in UTC', async () => {
    const seller = await api.signUp('Ines');
    clock = new Date('2026-06-06T02:00:00Z'); // 21:00 on 5 June in Chicago
    const { id } = await seller.caller.listings.create(
      sale({ startDate: '2026-06-05', startTime: '20:00', endTime: '23:00' }),
    );
    expect(id).toBeGreaterThan(0);
    const over = await refusal(
      seller.caller.listings.create(
        sale({ startDate: '2026-06-05', startTime: '08:00', endTime: '20:30' }),
      ),
    );
    expect(describeError(over, api.logger).zodError?.fieldErrors.endTime).toEqual([
      M.saleAlreadyOver,
    ]);
    clock = new Date('2026-06-05T15:00:00Z');
  });

  it('lets a seller edit a sale under way without changing its times, but not move it into the past', async () => {
    const seller = await api.signUp('Jude');
    const { id } = await seller.caller.listings.create(
      sale({ startDate: '2026-06-05', endDate: '2026-06-07' }),
    );
    // Saturday: the sale started yesterday and runs until Sunday.
    clock = new Date('2026-06-06T15:00:00Z');
    const kept = await seller.caller.listings.update({
      id,
      listing: sale({
        startDate: '2026-06-05',
        endDate: '2026-06-07',
        description: 'Everything half price today',
      }),
    });
    expect(kept.description).toBe('Everything half price today');

    const moved = await refusal(
      seller.caller.listings.update({
        id,
        listing: sale({ startDate: '2026-06-04', endDate: '2026-06-07' }),
      }),
    );
    expect(describeError(moved, api.logger).zodError?.fieldErrors.startDate).toEqual([
      M.dateInPast,
    ]);
    const stored = await seller.caller.listings.byId({ id });
    expect(stored.startDate).toBe('2026-06-05');
    clock = new Date('2026-06-05T15:00:00Z');
  });

  it('still publishes single items whatever the clock says', async () => {
    const seller = await api.signUp('Kit');
    const { id } = await seller.caller.listings.create(
      sale({
        listingType: 'single-item',
        startDate: '2020-01-01',
        startTime: '14:00',
        endTime: '09:00',
      }),
    );
    expect((await seller.caller.listings.byId({ id })).startDate).toBeNull();
  });
});
