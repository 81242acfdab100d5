import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { executeRows } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { savedSearchNameInTitle } from '@yardsale/validators';
import type { SavedSearchInput } from '@yardsale/validators';

import { runOutboxBatch } from '../services/outbox';
import {
  ALERT_AFTER,
  ALERT_BEFORE,
  M,
  TITLE_AFTER,
  TITLE_BEFORE,
  bellAbout,
  bellTitle,
  centre,
  clock,
  item,
  north,
  rateLimits,
} from '../../test/saved-search-testing';
import type { Caller } from '../../test/saved-search-testing';
import { createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';

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
});
