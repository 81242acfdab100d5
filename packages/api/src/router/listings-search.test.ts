import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ListingInput } from '@yardsale/validators';
import { testDatabaseKinds } from '@yardsale/db/testing';

import { START, item, listingRateLimits, sale, sellerSignUp } from '../../test/listing-testing';
import { createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';

describe.each(testDatabaseKinds())('listings on %s', (kind) => {
  let api: TestApi;
  let clock = START;

  beforeAll(async () => {
    api = await createTestApi(kind, { now: () => clock, rateLimits: listingRateLimits });
  });
  afterAll(async () => {
    await api.close();
  });

  const person = sellerSignUp(() => api, kind);

  describe('search', () => {
    let viewer: Awaited<ReturnType<typeof person>>;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      clock = START;
      const seller = await person();
      viewer = await person();
      const make = async (key: string, input: ListingInput, minutesAgo: number) => {
        clock = new Date(START.getTime() - minutesAgo * 60_000);
        ids[key] = (await seller.caller.listings.create(input)).id;
      };
      await make('table', item({ title: 'Farmhouse kitchen table', category: 'Furniture' }), 50);
      await make(
        'bike',
        item({
          title: "Kids' bicycle, 20 inch",
          category: 'Sports',
          description: 'Blue, training wheels included',
        }),
        40,
      );
      await make(
        'books',
        item({
          title: 'Box of paperback mysteries',
          category: 'Books & Media',
          description: 'About forty novels',
        }),
        30,
      );
      await make(
        'sale',
        sale({ title: 'Moving sale: furniture and tools', startDate: '2026-06-06' }),
        20,
      );
      await make(
        'camera',
        item({ title: 'Film camera with two lenses', category: 'Electronics' }),
        10,
      );
      await make(
        'mower',
        item({ title: 'Push lawn mower', category: 'Home & Garden', description: 'Sharp blades' }),
        5,
      );
      clock = START;
    });

    const found = async (input: Parameters<typeof viewer.caller.listings.list>[0]) =>
      (await viewer.caller.listings.list(input)).items.map((l) => l.id);

    it('matches words in the title, description and category', async () => {
      expect(await found({ search: 'table' })).toContain(ids.table);
      expect(await found({ search: 'training wheels' })).toContain(ids.bike);
      expect(await found({ search: 'electronics' })).toEqual([ids.camera]);
    });

    it('does not turn a word nobody uses into a different one', async () => {
      // "mower" shares trigrams with "snowblower" but is three edits away.
      expect(await found({ search: 'snowblower' })).toEqual([]);
      expect(await found({ search: 'trampoline' })).toEqual([]);
    });

    it('finds partial words and misspellings', async () => {
      expect(await found({ search: 'furn' })).toEqual(
        expect.arrayContaining([ids.table, ids.sale]),
      );
      expect(await found({ search: 'paperbak' })).toContain(ids.books);
      expect(await found({ search: 'bycicle' })).toContain(ids.bike);
      expect(await found({ search: 'camra' })).toContain(ids.camera);
    });

    it('combines search with the category and type filters, newest first', async () => {
      expect(await found({ search: 'furniture', category: 'Furniture' })).toEqual([ids.table]);
      expect(await found({ search: 'furniture', listingType: 'garage-sale' })).toEqual([ids.sale]);
      const all = await found({});
      const mine = all.filter((id) => Object.values(ids).includes(id));
      expect(mine).toEqual([ids.mower, ids.camera, ids.sale, ids.books, ids.bike, ids.table]);
      expect(await found({ category: '' })).toEqual(all);
      // The old category name still works.
      expect(await found({ category: 'Books' })).toContain(ids.books);
    });

    it('pages by cursor without gaps or repeats', async () => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof viewer.caller.listings.list>> =
          await viewer.caller.listings.list({ limit: 2, cursor });
        seen.push(...page.items.map((l) => l.id));
        cursor = page.nextCursor;
      } while (cursor);
      const everything = await found({ limit: 50 });
      expect(seen).toEqual(everything);
      expect(new Set(seen).size).toBe(seen.length);
    });

    it('shows what was asked for first: sofas for a sofa, spelt right or wrong, not a soft case', async () => {
      const seller = await person();
      const more: Record<string, number> = {};
      const make = async (key: string, input: ListingInput, minutesAgo: number) => {
        clock = new Date(START.getTime() - minutesAgo * 60_000);
        more[key] = (await seller.caller.listings.create(input)).id;
      };
      await make('sofa', item({ title: 'Gray sofa', category: 'Home & Garden' }), 4);
      // Newer than the sofa: newest first would show it first if it matched.
      await make('guitar', item({ title: 'Acoustic guitar with soft case', category: 'Other' }), 3);
      clock = START;
      expect(await found({ search: 'sofa' })).toEqual([more.sofa]);
      expect(await found({ search: 'sofaa' })).toEqual([more.sofa]);
      // Two letters swapped are one slip: "gutiar" is a guitar.
      expect(await found({ search: 'gutiar' })).toEqual([more.guitar]);
      // Words full text ignores restrict nothing; the others must all match.
      expect(await found({ search: 'guitar with a case' })).toEqual([more.guitar]);
      expect(await found({ search: 'gray guitar' })).toEqual([]);
    });

    it('finds numbers written after a dash, as in a title searched whole', async () => {
      const seller = await person();
      const title = 'Harry Potter Hardcover Box Set, Books 1-7';
      const { id: books } = await seller.caller.listings.create(
        item({ title, category: 'Books & Media' }),
      );
      const { id: skis } = await seller.caller.listings.create(
        item({ title: 'Kids ski boots, sizes 10-12 and 2010-2015 models', category: 'Sports' }),
      );
      expect(await found({ search: title })).toEqual([books]);
      expect(await found({ search: 'books 1-7' })).toEqual([books]);
      expect(await found({ search: 'potter 7' })).toEqual([books]);
      expect(await found({ search: 'boots 12' })).toEqual([skis]);
      expect(await found({ search: 'ski 2015' })).toEqual([skis]);
      expect(await found({ search: 'books 8' })).toEqual([]);
    });

    it('pages a search by cursor without gaps or repeats, as the listings stand', async () => {
      const everything = await found({ search: 'furn', limit: 50 });
      expect(everything.length).toBeGreaterThanOrEqual(2);
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof viewer.caller.listings.list>> =
          await viewer.caller.listings.list({ search: 'furn', limit: 1, cursor });
        seen.push(...page.items.map((l) => l.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(everything);
    });

    it('refuses a forged cursor with a clear message', async () => {
      const err = await refusal(viewer.caller.listings.list({ cursor: 'bm90LWEtY3Vyc29y' }));
      expect(err.code).toBe('BAD_REQUEST');
    });

    it('counts what each tab would show for a search, by the list’s own rules', async () => {
      const listed = async (input: { search?: string; category?: string }) => ({
        singleItems: (await found({ ...input, listingType: 'single-item', limit: 50 })).length,
        garageSales: (await found({ ...input, listingType: 'garage-sale', limit: 50 })).length,
      });
      // Partial words, misspellings, a category, a word in one tab only, nothing at all.
      for (const input of [
        { search: 'furn' },
        { search: 'paperbak' },
        { search: 'bycicle' },
        { search: 'furniture', category: 'Furniture' },
        { search: 'tools' },
        { search: 'trampoline' },
        {},
      ]) {
        expect(await viewer.caller.listings.counts(input), JSON.stringify(input)).toEqual(
          await listed(input),
        );
      }
      expect(await viewer.caller.listings.counts({ search: 'furn' })).toEqual({
        singleItems: 1,
        garageSales: 1,
      });
      // The words find no single item, but a garage sale: that tab has it.
      expect(await viewer.caller.listings.counts({ search: 'moving tools' })).toEqual({
        singleItems: 0,
        garageSales: 1,
      });
      // Misspelt for one tab only: each tab counts what it would show.
      expect(await viewer.caller.listings.counts({ search: 'movng' })).toEqual({
        singleItems: 0,
        garageSales: 1,
      });
    });

    it('refuses a count nearest first or within a radius without a point, with the message', async () => {
      const err = await refusal(viewer.caller.listings.counts({ radiusMiles: 5 }));
      expect(err.code).toBe('BAD_REQUEST');
    });

    it('gives each card its seller’s photo and rating, read with the page', async () => {
      const seller = await person();
      const { id } = await seller.caller.listings.create(item({ title: 'Brass floor lamp' }));
      const card = async () =>
        (await viewer.caller.listings.list({ search: 'brass lamp' })).items.find((l) => l.id === id)
          ?.user;
      expect(await card()).toMatchObject({ averageRating: null, totalReviews: 0 });
      await viewer.caller.reviews.create({ revieweeId: seller.user.id, rating: 4 });
      const other = await person();
      await other.caller.reviews.create({ revieweeId: seller.user.id, rating: 5 });
      expect(await card()).toMatchObject({
        id: seller.user.id,
        profilePicture: null,
        averageRating: 4.5,
        totalReviews: 2,
      });
      // The listing's own page and the newest-first browse say the same.
      expect((await viewer.caller.listings.byId({ id })).user).toMatchObject({
        averageRating: 4.5,
        totalReviews: 2,
      });
      const browse = await viewer.caller.listings.list({ limit: 50 });
      expect(browse.items.find((l) => l.id === id)?.user.totalReviews).toBe(2);
    });

    it('counts active listings by type', async () => {
      const stats = await viewer.caller.listings.stats();
      expect(stats.total).toBe(stats.singleItems + stats.garageSales);
      expect(stats.garageSales).toBeGreaterThanOrEqual(1);
    });
  });
});
