import { TRPCError } from '@trpc/server';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { executeRows } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { EARTH_RADIUS_MILES } from '@yardsale/geo/distance';
import type { LatLng } from '@yardsale/geo/distance';
import { MAX_SAVED_SEARCHES, NOTIFICATION_TEXT } from '@yardsale/validators';
import type { ListingInput, SavedSearchInput } from '@yardsale/validators';

import { describeError } from '../errors';
import { createTestApi, refusal } from '../testing';
import type { TestApi } from '../testing';

const M = NOTIFICATION_TEXT;
const [TITLE_BEFORE, TITLE_AFTER] = M.savedSearchTitleParts;
const bellTitle = (name: string) => `${TITLE_BEFORE}${name}${TITLE_AFTER}`;

/** The Capitol square in Madison, WI. */
const centre: LatLng = { latitude: 43.0747, longitude: -89.3841 };
/** A point `miles` due north of the centre, on the sphere the database measures on. */
const north = (miles: number): LatLng => ({
  latitude: centre.latitude + (miles / EARTH_RADIUS_MILES) * (180 / Math.PI),
  longitude: centre.longitude,
});

// Friday 5 June 2026, 10:00 in Chicago.
const clock = new Date('2026-06-05T15:00:00Z');

const item = (overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: 'Brass floor lamp',
  category: 'Home & Garden',
  listingType: 'single-item',
  priceRange: '$25-$50',
  address: 'Somewhere without a ZIP',
  timeZone: 'America/Chicago',
  ...overrides,
});

/** Every person here signs up from the same address. */
const rateLimits = { registerByClient: { points: 1000, durationSeconds: 3600 } };

type Caller = Awaited<ReturnType<TestApi['signUp']>>['caller'];

describe.each(testDatabaseKinds())('saved searches on %s', (kind) => {
  let api: TestApi;
  let seller: Caller;

  beforeAll(async () => {
    api = await createTestApi(kind, { now: () => clock, rateLimits });
    seller = (await api.signUp('Rosa')).caller;
  });
  afterAll(async () => {
    await api.close();
  });

  /** The bell's saved-search entries about `listingId`. */
  async function bellAbout(caller: Caller, listingId: number) {
    const { items } = await caller.notifications.list();
    return items.filter((n) => n.kind === 'saved-search' && n.listingId === listingId);
  }

  describe('keeping searches', () => {
    it('saves with a name or a default one, and lists only the person’s own', async () => {
      const { caller: maya } = await api.signUp('Maya');
      const { caller: otto } = await api.signUp('Otto');
      const named = await maya.savedSearches.create({ name: 'Desks', search: 'oak desk' });
      expect(named).toMatchObject({
        name: 'Desks',
        search: 'oak desk',
        category: null,
        listingType: null,
        near: null,
        radiusMiles: null,
        push: true,
        email: 'daily',
        paused: false,
      });
      const unnamed = await maya.savedSearches.create({
        search: ' bike ',
        category: 'Sports',
        near: centre,
        radiusMiles: 10,
        email: 'instant',
        push: false,
      });
      expect(unnamed).toMatchObject({
        name: 'bike · Sports',
        search: 'bike',
        category: 'Sports',
        near: centre,
        radiusMiles: 10,
        push: false,
        email: 'instant',
      });
      const placeOnly = await otto.savedSearches.create({ near: centre, radiusMiles: 5 });
      expect(placeOnly.name).toBe('Near you');

      expect((await maya.savedSearches.list()).map((s) => s.id)).toEqual([named.id, unnamed.id]);
      expect((await otto.savedSearches.list()).map((s) => s.id)).toEqual([placeOnly.id]);
    });

    it('renames, pauses and changes channels of the person’s own only', async () => {
      const { caller: maya } = await api.signUp('Maya');
      const { caller: otto } = await api.signUp('Otto');
      const search = await maya.savedSearches.create({ search: 'rocking chair' });

      const renamed = await maya.savedSearches.update({ id: search.id, name: '  Chairs ' });
      expect(renamed).toMatchObject({ id: search.id, name: 'Chairs', paused: false });
      const paused = await maya.savedSearches.update({
        id: search.id,
        paused: true,
        push: false,
        email: 'off',
      });
      expect(paused).toMatchObject({ name: 'Chairs', paused: true, push: false, email: 'off' });

      for (const change of [
        { name: 'Mine now' },
        { paused: false },
        { push: true, email: 'instant' as const },
        {},
      ]) {
        const err = await refusal(otto.savedSearches.update({ id: search.id, ...change }));
        expect(err.code).toBe('NOT_FOUND');
        expect(err.message).toBe(M.savedSearchNotFound);
      }
      const deleteErr = await refusal(otto.savedSearches.delete({ id: search.id }));
      expect(deleteErr.code).toBe('NOT_FOUND');
      expect(await maya.savedSearches.list()).toEqual([paused]);

      await expect(maya.savedSearches.delete({ id: search.id })).resolves.toEqual({
        success: true,
      });
      expect(await maya.savedSearches.list()).toEqual([]);
      expect((await refusal(maya.savedSearches.delete({ id: search.id }))).code).toBe('NOT_FOUND');
    });

    it(`keeps at most ${MAX_SAVED_SEARCHES}, also when two are saved at once`, async () => {
      const { caller: maya } = await api.signUp('Maya');
      for (let i = 1; i < MAX_SAVED_SEARCHES; i++) {
        await maya.savedSearches.create({ search: `lamp ${String(i)}` });
      }
      const outcome = (search: string) =>
        maya.savedSearches.create({ search }).then(
          () => 'saved',
          (e: unknown) => (e instanceof TRPCError ? e.message : String(e)),
        );
      const both = await Promise.all([outcome('sofa'), outcome('dresser')]);
      expect(both.sort()).toEqual([M.tooManySavedSearches(MAX_SAVED_SEARCHES), 'saved'].sort());
      expect(await maya.savedSearches.list()).toHaveLength(MAX_SAVED_SEARCHES);

      const err = await refusal(maya.savedSearches.create({ search: 'bike' }));
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message).toBe(M.tooManySavedSearches(MAX_SAVED_SEARCHES));
      expect(await maya.savedSearches.list()).toHaveLength(MAX_SAVED_SEARCHES);
    });

    it('refuses a search with nothing to look for, and a distance without a place', async () => {
      const { caller: maya } = await api.signUp('Maya');
      const cases: [SavedSearchInput, string, string][] = [
        [{}, 'search', M.searchEmpty],
        [{ search: '   ', category: '' }, 'search', M.searchEmpty],
        [{ search: 'lamp', radiusMiles: 10 }, 'near', M.radiusNeedsPlace],
        [{ search: 'lamp', near: centre }, 'radiusMiles', M.placeNeedsRadius],
      ];
      for (const [input, field, message] of cases) {
        const described = describeError(
          await refusal(maya.savedSearches.create(input)),
          api.logger,
        );
        expect(described.message).toBe(message);
        expect(described.zodError?.fieldErrors[field]).toEqual([message]);
      }
      // Only punctuation: search would show nothing for it, ever.
      const err = await refusal(maya.savedSearches.create({ search: '?!', category: 'Toys' }));
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message).toBe(M.searchHasNoWords);
      expect(await maya.savedSearches.list()).toEqual([]);
    });
  });

  describe('matching new listings', () => {
    const listingInputs = {
      table: item({
        title: 'Solid oak dining tables',
        description: 'Two tables and eight chairs, barely used.',
        category: 'Furniture',
        location: centre,
      }),
      tv: item({
        title: 'Samsung 55 inch flat screen TV',
        description: 'Comes with the remote and a leather case.',
        category: 'Electronics',
        location: north(30),
      }),
      sale: item({
        title: 'Moving sale: furniture, tools, books',
        description: 'Everything priced, and other odds.',
        category: 'Multi-Family',
        listingType: 'garage-sale',
        priceRange: 'Negotiable',
        startDate: '2026-06-06',
        startTime: '08:00',
        endTime: '14:00',
        location: north(1),
      }),
      chest: item({
        title: 'Vintage cedar chest',
        description: 'Original key, smells of cedar.',
        category: 'Antiques',
      }),
      // Search finds "table" in the forms of the words listings use that contain it: "adjustable",
      // listed before the searches were saved, makes a search for "table" find "adjust".
      chair: item({
        title: 'Office chair',
        description: 'Adjust the height with one lever.',
        category: 'Other',
      }),
    };
    const listedBefore = item({ title: 'Adjustable standing desk', category: 'Furniture' });
    type Listing = keyof typeof listingInputs;

    interface Case {
      saved: SavedSearchInput;
      /** The listings whose creation alerts the search's owner. */
      alerts: Listing[];
      paused?: boolean;
      /** Saved by the seller. */
      own?: boolean;
    }
    const cases: Case[] = [
      { saved: { search: 'table' }, alerts: ['table', 'chair'] },
      { saved: { search: 'tables' }, alerts: ['table'] },
      // Part of a longer word, as search reads it: the furniture sale, and "Furniture", the category.
      { saved: { search: 'furn' }, alerts: ['table', 'sale'] },
      { saved: { search: 'intage' }, alerts: ['chest'] },
      // A word of one or two letters is the start of a word.
      { saved: { search: 'TV' }, alerts: ['tv'] },
      { saved: { search: '55' }, alerts: ['tv'] },
      // Stop words restrict nothing, unless there is nothing else ("leather" has "the" in it).
      { saved: { search: 'the table' }, alerts: ['table', 'chair'] },
      { saved: { search: 'the' }, alerts: ['tv'] },
      // A stop word of one or two letters is not the start of anything: search finds nothing.
      { saved: { search: 'a' }, alerts: [] },
      // "other" is a stop word: search does not find it as a word, so not a part of it either.
      { saved: { search: 'oth' }, alerts: [] },
      { saved: { search: 'oak chairs' }, alerts: ['table'] },
      { saved: { search: 'cedar, chests' }, alerts: ['chest'] },
      { saved: { search: 'oak sofa' }, alerts: [] },
      // Part of a word only among the first six words of a search; after them, as typed.
      { saved: { search: 'oak dining tables two eight chai' }, alerts: ['table'] },
      { saved: { search: 'solid oak dining tables two eight chai' }, alerts: [] },
      { saved: { search: 'table', category: 'Antiques' }, alerts: [] },
      { saved: { category: 'Electronics' }, alerts: ['tv'] },
      { saved: { listingType: 'garage-sale' }, alerts: ['sale'] },
      { saved: { search: 'chest', listingType: 'single-item' }, alerts: ['chest'] },
      { saved: { search: 'table', near: centre, radiusMiles: 10 }, alerts: ['table'] },
      { saved: { search: 'tv', near: centre, radiusMiles: 10 }, alerts: [] },
      { saved: { near: centre, radiusMiles: 5 }, alerts: ['table', 'sale'] },
      {
        saved: { search: 'screen', category: 'Electronics', near: centre, radiusMiles: 50 },
        alerts: ['tv'],
      },
      { saved: { search: 'table' }, paused: true, alerts: [] },
      { saved: { search: 'table' }, own: true, alerts: [] },
    ];

    let api2: TestApi;
    let seller2: Caller;
    const people: Caller[] = [];
    const ids = {} as Record<Listing, number>;

    beforeAll(async () => {
      // A database of its own: which listings exist decides what search finds.
      api2 = await createTestApi(kind, { now: () => clock, rateLimits });
      seller2 = (await api2.signUp('Sol')).caller;
      await seller2.listings.create(listedBefore);
      for (const c of cases) {
        const owner = c.own ? seller2 : (await api2.signUp('Searcher')).caller;
        const saved = await owner.savedSearches.create(c.saved);
        if (c.paused) await owner.savedSearches.update({ id: saved.id, paused: true });
        people.push(owner);
      }
      for (const [key, input] of Object.entries(listingInputs)) {
        ids[key as Listing] = (await seller2.listings.create(input)).id;
      }
    });
    afterAll(async () => {
      await api2.close();
    });

    it('alerts exactly when the listing search, with the same words and filters, shows the listing', async () => {
      const outcomes: string[] = [];
      for (const [i, c] of cases.entries()) {
        const owner = people[i];
        if (!owner) throw new Error('no owner');
        const page = await owner.listings.list({
          search: c.saved.search,
          category: c.saved.category || undefined,
          listingType: c.saved.listingType,
          near: c.saved.near,
          radiusMiles: c.saved.radiusMiles,
          limit: 50,
        });
        const shown = new Set(page.items.map((l) => l.id));
        for (const [key, id] of Object.entries(ids)) {
          const alerted = (await bellAbout(owner, id)).length > 0;
          const wouldShow = shown.has(id) && !c.paused && !c.own;
          const expected = c.alerts.includes(key as Listing);
          const label = `${JSON.stringify(c.saved)}${c.paused ? ' paused' : ''}${c.own ? ' own' : ''} × ${key}`;
          outcomes.push(
            `${label}: alerted ${String(alerted)}, search shows ${String(wouldShow)}, expected ${String(expected)}`,
          );
          if (alerted !== expected || wouldShow !== expected) outcomes.push('  ^ MISMATCH');
        }
      }
      expect(outcomes.filter((o) => o.includes('MISMATCH')).length, outcomes.join('\n')).toBe(0);
      // The paused and the seller's own searches are the only ones search and alerts disagree on.
      const paused = people[cases.findIndex((c) => c.paused)];
      const shownToPaused = await paused?.listings.list({ search: 'table' });
      expect(shownToPaused?.items.map((l) => l.id)).toContain(ids.table);
    });

    it('says which search matched, once per person and listing', async () => {
      const owner = people[0];
      if (!owner) throw new Error('no owner');
      const bell = await bellAbout(owner, ids.table);
      expect(bell).toEqual([
        expect.objectContaining({
          title: bellTitle('table'),
          body: listingInputs.table.title,
          listingId: ids.table,
          readAt: null,
        }),
      ]);
    });

    it('corrects no spelling: a misspelt search is not alerted, though search shows it corrected', async () => {
      const { caller: searcher } = await api2.signUp('Speller');
      await searcher.savedSearches.create({ search: 'cedr chest' });
      const corrected = await searcher.listings.list({ search: 'cedr chest' });
      const { id } = await seller2.listings.create(
        item({ title: 'Cedar chest, small', category: 'Antiques' }),
      );
      expect(
        (await searcher.listings.list({ search: 'cedr chest' })).items.map((l) => l.id),
      ).toEqual([id, ...corrected.items.map((l) => l.id)]);
      expect(await bellAbout(searcher, id)).toEqual([]);
    });
  });

  describe('what a match writes', () => {
    const outboxOf = async (listingId: number) =>
      api.handle.db
        .select()
        .from(schema.notificationOutbox)
        .where(sql`${schema.notificationOutbox.payload}->>'listingId' = ${String(listingId)}`);
    const matchesOf = async (listingId: number) =>
      api.handle.db
        .select()
        .from(schema.savedSearchMatches)
        .where(eq(schema.savedSearchMatches.listingId, listingId));

    it('one bell entry per person, and outbox rows only for the channels the search asked for', async () => {
      const people = {
        pushOnly: await api.signUp('Pia'),
        instantOnly: await api.signUp('Ian'),
        dailyOnly: await api.signUp('Dora'),
        pushAndDailyTwice: await api.signUp('Tess'),
        instantAndDaily: await api.signUp('Ines'),
      };
      const save = (who: keyof typeof people, input: SavedSearchInput) =>
        people[who].caller.savedSearches.create(input);
      const saved = {
        pushOnly: await save('pushOnly', { search: 'kayak', push: true, email: 'off' }),
        instantOnly: await save('instantOnly', { search: 'kayak', push: false, email: 'instant' }),
        dailyOnly: await save('dailyOnly', { search: 'kayak', push: false, email: 'daily' }),
        twiceFirst: await save('pushAndDailyTwice', {
          name: 'Boats',
          search: 'kayak',
          push: true,
          email: 'daily',
        }),
        twiceSecond: await save('pushAndDailyTwice', {
          category: 'Sports',
          push: true,
          email: 'daily',
        }),
        instant: await save('instantAndDaily', { search: 'paddle', push: false, email: 'instant' }),
        daily: await save('instantAndDaily', { search: 'kayaks', push: false, email: 'daily' }),
      };

      const { id } = await seller.listings.create(
        item({ title: 'Kayak with paddle', category: 'Sports' }),
      );

      for (const person of Object.values(people)) {
        const bell = await bellAbout(person.caller, id);
        expect(bell).toHaveLength(1);
        expect(bell[0]?.body).toBe('Kayak with paddle');
      }
      expect((await bellAbout(people.pushAndDailyTwice.caller, id))[0]?.title).toBe(
        bellTitle('Boats'),
      );

      const outbox = await outboxOf(id);
      const channels = (who: keyof typeof people) =>
        outbox
          .filter((row) => row.userId === people[who].user.id)
          .map((row) => row.channel)
          .sort();
      expect(channels('pushOnly')).toEqual(['push']);
      expect(channels('instantOnly')).toEqual(['email']);
      expect(channels('dailyOnly')).toEqual([]);
      expect(channels('pushAndDailyTwice')).toEqual(['push']);
      expect(channels('instantAndDaily')).toEqual(['email']);
      expect(outbox.every((row) => row.kind === 'saved-search')).toBe(true);
      expect(outbox.map((row) => row.idempotencyKey).sort()).toEqual(
        outbox
          .map((row) => `saved-search:${String(id)}:${String(row.userId)}:${row.channel}`)
          .sort(),
      );
      expect(new Set(outbox.map((row) => row.idempotencyKey)).size).toBe(outbox.length);
      const bells = await api.handle.db
        .select()
        .from(schema.notifications)
        .where(eq(schema.notifications.listingId, id));
      expect(bells).toHaveLength(5);
      for (const row of outbox) {
        const bell = bells.find((b) => b.userId === row.userId);
        expect(row.payload).toMatchObject({
          title: bell?.title,
          body: 'Kayak with paddle',
          url: `/listing/${String(id)}`,
          listingId: id,
          notificationId: bell?.id,
        });
      }

      const digestDue = new Map(
        (await matchesOf(id)).map((m) => [m.savedSearchId, m.digestDue] as const),
      );
      expect(
        Object.fromEntries(Object.entries(saved).map(([k, s]) => [k, digestDue.get(s.id)])),
      ).toEqual({
        pushOnly: false,
        instantOnly: false,
        dailyOnly: true,
        twiceFirst: true,
        twiceSecond: true,
        // Mailed at once for the other search: not mailed again in the digest.
        instant: false,
        daily: false,
      });
    });

    it('writes nothing for a listing that matches no search', async () => {
      const { caller: searcher } = await api.signUp('Nell');
      await searcher.savedSearches.create({ search: 'harpsichord' });
      await searcher.savedSearches.create({ category: 'Toys', near: centre, radiusMiles: 5 });
      const count = async () => {
        const [row] = await executeRows(
          api.handle.db,
          sql`select
          (select count(*)::int from notifications) as bells,
          (select count(*)::int from notification_outbox) as outbox,
          (select count(*)::int from saved_search_matches) as matches`,
        );
        return row;
      };
      const before = await count();
      const { id } = await seller.listings.create(
        item({ title: 'Wooden train set', category: 'Toys', location: north(20) }),
      );
      expect(await count()).toEqual(before);
      expect(await matchesOf(id)).toEqual([]);
      expect(
        await api.handle.db
          .select()
          .from(schema.notifications)
          .where(inArray(schema.notifications.listingId, [id])),
      ).toEqual([]);
    });
  });
});
