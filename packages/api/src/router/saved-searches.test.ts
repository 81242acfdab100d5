import { TRPCError } from '@trpc/server';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { executeRows } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { EARTH_RADIUS_MILES } from '@yardsale/geo/distance';
import type { LatLng } from '@yardsale/geo/distance';
import {
  MAX_SAVED_SEARCHES,
  MAX_SAVED_SEARCH_WORDS,
  NOTIFICATION_TEXT,
  savedSearchNameInTitle,
} from '@yardsale/validators';
import type { ListingInput, SavedSearchInput } from '@yardsale/validators';

import { describeError } from '../errors';
import { createServerDeps } from '../services/create';
import { runOutboxBatch } from '../services/outbox';
import { runSavedSearchMatching } from '../services/saved-search-matching';
import { matchSavedSearches } from '../services/match-saved-searches';
import { createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const M = NOTIFICATION_TEXT;
const [TITLE_BEFORE, TITLE_AFTER] = M.savedSearchTitleParts;
const [ALERT_BEFORE, ALERT_AFTER] = M.savedSearchAlertBodyParts;
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

/** Every person here signs up from the same address, and one seller posts many listings. */
const rateLimits = {
  registerByClient: { points: 1000, durationSeconds: 3600 },
  listingCreateByAccount: { points: 1000, durationSeconds: 3600 },
  listingCreateByClient: { points: 1000, durationSeconds: 3600 },
};

/** Made-up words, each `part` inside a different one: "zubaing", "zubbing" … */
const wordsWith = (part: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const letter = (n: number) => 'abcdefghijklmnopqrstuvwxyz'.charAt(n % 26);
    return `zu${letter(i)}${letter(Math.floor(i / 26))}${part}`;
  });

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
      await api2.matchListings();
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
      await api2.matchListings();
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
      await api.matchListings();

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
        // The push's and the mail's title is ours alone; the search's name is quoted in the body.
        const name = bell?.title.slice(TITLE_BEFORE.length, -TITLE_AFTER.length);
        expect(row.payload).toMatchObject({
          title: M.savedSearchAlertTitle,
          body: `Kayak with paddle\n${ALERT_BEFORE}${String(name)}${ALERT_AFTER}`,
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
      expect(await api.matchListings()).toBe(1);
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

  describe('alerts need a confirmed address', () => {
    it('an unverified person saves a search with push and e-mail off only, and hears of its matches in the bell', async () => {
      const { caller: una, user } = await api.signUp('Una', { verified: false });
      const alerting: SavedSearchInput[] = [
        { search: 'banjo' },
        { search: 'banjo', push: true, email: 'off' },
        { search: 'banjo', push: false, email: 'daily' },
        { search: 'banjo', push: false, email: 'instant' },
      ];
      for (const input of alerting) {
        const err = await refusal(una.savedSearches.create(input));
        expect([err.code, err.message], JSON.stringify(input)).toEqual([
          'FORBIDDEN',
          M.verifyForAlerts,
        ]);
      }
      expect(await una.savedSearches.list()).toEqual([]);

      const quiet = await una.savedSearches.create({ search: 'banjo', push: false, email: 'off' });
      for (const change of [
        { push: true },
        { email: 'daily' as const },
        { email: 'instant' as const },
      ]) {
        const err = await refusal(una.savedSearches.update({ id: quiet.id, ...change }));
        expect([err.code, err.message]).toEqual(['FORBIDDEN', M.verifyForAlerts]);
      }
      expect(
        await una.savedSearches.update({ id: quiet.id, name: 'Banjos', push: false, email: 'off' }),
      ).toMatchObject({ name: 'Banjos', push: false, email: 'off' });

      const { id } = await seller.listings.create(
        item({ title: 'Five-string banjo', category: 'Collectibles' }),
      );
      await api.matchListings();
      expect(await bellAbout(una, id)).toEqual([
        expect.objectContaining({ title: bellTitle('Banjos') }),
      ]);
      const queued = await api.handle.db
        .select()
        .from(schema.notificationOutbox)
        .where(eq(schema.notificationOutbox.userId, user.id));
      expect(queued).toEqual([]);

      // Once the address is confirmed (this caller's session read it before), alerts can be had.
      const token = await api.mail.tokenFor(user.email, '/verify-email');
      await (await api.as()).caller.auth.verifyEmail({ token });
      expect(await una.savedSearches.update({ id: quiet.id, email: 'instant' })).toMatchObject({
        email: 'instant',
      });
    });

    it('mails a match under our own subject: the search’s name only in the body, quoted and cut short', async () => {
      const { caller: vic, user } = await api.signUp('Vic');
      const name = 'URGENT: verify your bank at http://evil.example/x';
      await vic.savedSearches.create({ name, search: 'harmonium', push: true, email: 'instant' });
      const { id } = await seller.listings.create(
        item({ title: 'Pump harmonium', category: 'Antiques' }),
      );
      await api.matchListings();
      while ((await runOutboxBatch(api.deps)).claimed > 0);

      const shown = savedSearchNameInTitle(name);
      expect(shown).toBe('URGENT: verify your bank at http://evil…');
      const mails = api.mail.sent.filter(
        (m) => m.to === user.email && m.headers?.['List-Unsubscribe'],
      );
      expect(mails.map((m) => m.subject)).toEqual([M.savedSearchAlertTitle]);
      expect(mails[0]?.text).toContain(`Pump harmonium\n${ALERT_BEFORE}${shown}${ALERT_AFTER}`);
      expect(mails[0]?.text).not.toContain(name);
      expect((await bellAbout(vic, id)).map((n) => n.title)).toEqual([bellTitle(shown)]);
    });
  });

  describe('what a saved search may cost', () => {
    let api3: TestApi;
    let seller3: Caller;
    let searcher: Caller;

    beforeAll(async () => {
      // Words listings use: "ing" inside 60 of them and "lamp" inside 60 (and alone); three
      // fragments inside 45 each.
      api3 = await createTestApi(kind, { now: () => clock, rateLimits });
      seller3 = (await api3.signUp('Sol')).caller;
      searcher = (await api3.signUp('Sara')).caller;
      const vocabulary: [string, string[]][] = [
        ['Odds and ends', wordsWith('ing', 60)],
        ['Lamps', [...wordsWith('lamp', 60), 'lamp']],
        ['More odds', [...wordsWith('vex', 45), ...wordsWith('jaw', 45), ...wordsWith('kiz', 45)]],
      ];
      for (const [title, words] of vocabulary) {
        await seller3.listings.create(item({ title, description: words.join(' ') }));
      }
      await api3.matchListings();
    });
    afterAll(async () => {
      await api3.close();
    });

    const formsOf = async (savedSearchId: number) =>
      (
        await api3.handle.db
          .select({ word: schema.savedSearchWords.word, forms: schema.savedSearchWords.forms })
          .from(schema.savedSearchWords)
          .where(eq(schema.savedSearchWords.savedSearchId, savedSearchId))
          .orderBy(schema.savedSearchWords.position)
      ).map((w) => [w.word, w.forms.length]);

    it('refuses a fragment that is part of too many words, alone or with others, and too many words', async () => {
      const cases: [string, string][] = [
        ['ing', M.savedSearchWordTooCommon('ing')],
        ['ing ion ter ent ers ate', M.savedSearchWordTooCommon('ing')],
        ['vex jaw kiz', M.savedSearchWordTooCommon('kiz')],
        [
          'oak pine teak elm ash birch maple cedar walnut',
          M.tooManySavedSearchWords(MAX_SAVED_SEARCH_WORDS),
        ],
      ];
      for (const [search, message] of cases) {
        const err = await refusal(
          searcher.savedSearches.create({ search, push: false, email: 'off' }),
        );
        expect([err.code, err.message], search).toEqual(['BAD_REQUEST', message]);
      }
      expect(await searcher.savedSearches.list()).toEqual([]);

      // Within the bounds: every form search would look for is kept.
      const two = await searcher.savedSearches.create({ search: 'vex jaw' });
      expect(await formsOf(two.id)).toEqual([
        ['vex', 46],
        ['jaw', 46],
      ]);
    });

    it('keeps a word listings use however many words hold it, and alerts as search shows it', async () => {
      const saved = await searcher.savedSearches.create({ search: 'lamp' });
      // Its own form only: the other words that hold it are found as they come, by their parts.
      expect(await formsOf(saved.id)).toEqual([['lamp', 1]]);
      const { id: whole } = await seller3.listings.create(item({ title: 'Reading lamp' }));
      const { id: part } = await seller3.listings.create(item({ title: 'Zuzzlamp, as new' }));
      const { id: other } = await seller3.listings.create(item({ title: 'Lampshade' }));
      const { id: none } = await seller3.listings.create(item({ title: 'Clamping vise' }));
      await api3.matchListings();
      const shown = new Set(
        (await searcher.listings.list({ search: 'lamp', limit: 50 })).items.map((l) => l.id),
      );
      for (const id of [whole, part, other, none]) {
        const alerted = (await bellAbout(searcher, id)).length > 0;
        expect([id, alerted]).toEqual([id, shown.has(id)]);
      }
      expect([whole, part, other].every((id) => shown.has(id))).toBe(true);
    });
  });

  describe('matching after the listing’s creation commits', () => {
    let api4: TestApi;
    let now = clock;
    let seller4: Caller;

    beforeAll(async () => {
      api4 = await createTestApi(kind, { now: () => now, rateLimits });
      seller4 = (await api4.signUp('Sol')).caller;
    });
    afterAll(async () => {
      await api4.close();
    });

    const waiting = () => api4.handle.db.select().from(schema.listingMatchQueue);
    const countsAbout = async (listingId: number) => {
      const [row] = await executeRows<{ bells: number; outbox: number; matches: number }>(
        api4.handle.db,
        sql`select
          (select count(*)::int from notifications where listing_id = ${listingId}) as bells,
          (select count(*)::int from notification_outbox
           where payload->>'listingId' = ${String(listingId)}) as outbox,
          (select count(*)::int from saved_search_matches where listing_id = ${listingId}) as matches`,
      );
      return row;
    };

    it('a listing waits for a matcher, is matched by the next one to start, and only once', async () => {
      const { caller: searcher } = await api4.signUp('Mia');
      await searcher.savedSearches.create({ search: 'dulcimer', push: true, email: 'instant' });
      const { id } = await seller4.listings.create(item({ title: 'Hammered dulcimer' }));
      // Committed, and not yet matched: as if the server stopped right after the creation.
      expect((await waiting()).map((w) => w.listingId)).toEqual([id]);
      expect(await countsAbout(id)).toEqual({ bells: 0, outbox: 0, matches: 0 });

      const restarted = createServerDeps({
        db: api4.handle.db,
        storage: api4.deps.storage,
        logger: api4.logger,
        config: api4.deps.config,
        now: () => now,
      });
      expect(await runSavedSearchMatching(restarted)).toEqual({ matched: 1, failed: 0 });
      expect(await waiting()).toEqual([]);
      expect(await countsAbout(id)).toEqual({ bells: 1, outbox: 2, matches: 1 });

      // Matching it again (a matcher that died after writing) writes nothing more.
      await api4.handle.db.transaction((tx) => matchSavedSearches(tx, id, now));
      expect(await countsAbout(id)).toEqual({ bells: 1, outbox: 2, matches: 1 });
    });

    it('a matching that fails is tried again later, and nothing of it is kept meanwhile', async () => {
      const { caller: searcher } = await api4.signUp('Zia');
      await searcher.savedSearches.create({ search: 'zither', push: true, email: 'off' });
      // The database refuses the match, as it would a write during an outage.
      await api4.handle.db.execute(sql`create function refuse_matches() returns trigger
        language plpgsql as $$ begin raise exception 'matches are refused'; end $$`);
      await api4.handle.db.execute(sql`create trigger refuse_matches before insert
        on saved_search_matches for each row execute function refuse_matches()`);
      const { id } = await seller4.listings.create(item({ title: 'Concert zither' }));
      try {
        expect(await runSavedSearchMatching(api4.deps)).toEqual({ matched: 0, failed: 1 });
        expect(await waiting()).toEqual([
          expect.objectContaining({
            listingId: id,
            attempts: 1,
            dueAt: new Date(now.getTime() + 30_000),
            lastError: 'matches are refused',
          }),
        ]);
        expect(await countsAbout(id)).toEqual({ bells: 0, outbox: 0, matches: 0 });
        // Not due again before its delay.
        expect(await runSavedSearchMatching(api4.deps)).toEqual({ matched: 0, failed: 0 });
      } finally {
        await api4.handle.db.execute(sql`drop trigger refuse_matches on saved_search_matches`);
        await api4.handle.db.execute(sql`drop function refuse_matches()`);
      }
      now = new Date(now.getTime() + 31_000);
      expect(await runSavedSearchMatching(api4.deps)).toEqual({ matched: 1, failed: 0 });
      expect(await countsAbout(id)).toEqual({ bells: 1, outbox: 1, matches: 1 });
    });

    it('two matchers at once share the waiting listings and match each once', async () => {
      const { caller: searcher } = await api4.signUp('Kai');
      await searcher.savedSearches.create({ search: 'ukulele', push: true, email: 'off' });
      const ids: number[] = [];
      for (let i = 1; i <= 6; i++) {
        ids.push((await seller4.listings.create(item({ title: `Ukulele no. ${String(i)}` }))).id);
      }
      const [first, second] = await Promise.all([
        runSavedSearchMatching(api4.deps),
        runSavedSearchMatching(api4.deps),
      ]);
      expect(first.matched + second.matched).toBe(6);
      expect(await waiting()).toEqual([]);
      for (const id of ids) {
        expect(await countsAbout(id)).toEqual({ bells: 1, outbox: 1, matches: 1 });
      }
    });
  });
});
