import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { MAX_SAVED_SEARCHES, MAX_SAVED_SEARCH_WORDS } from '@yardsale/validators';
import type { SavedSearchInput } from '@yardsale/validators';

import { describeError } from '../errors';
import {
  M,
  bellAbout,
  centre,
  clock,
  item,
  rateLimits,
  wordsWith,
} from '../../test/saved-search-testing';
import type { Caller } from '../../test/saved-search-testing';
import { createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';

// Matching new listings is in saved-searches-matching.test.ts; what a match writes and sends, in
// saved-searches-alerts.test.ts.
describe.each(testDatabaseKinds())('saved searches on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind, { now: () => clock, rateLimits });
  });
  afterAll(async () => {
    await api.close();
  });

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
});
