import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { executeRows } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import type { SavedSearchInput } from '@yardsale/validators';

import { createServerDeps } from '../services/create';
import { runSavedSearchMatching } from '../services/saved-search-matching';
import { matchSavedSearches } from '../services/match-saved-searches';
import {
  bellAbout,
  bellTitle,
  centre,
  clock,
  item,
  north,
  rateLimits,
} from '../../test/saved-search-testing';
import type { Caller } from '../../test/saved-search-testing';
import { createTestApi } from '../../test/testing';
import type { TestApi } from '../../test/testing';

describe.each(testDatabaseKinds())('saved searches on %s', (kind) => {
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
