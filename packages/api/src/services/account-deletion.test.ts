import { getTableName, inArray, is, or, sql, eq } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { DEFAULT_NOTIFICATION_SETTINGS, DELETED_USER, UI_TEXT } from '@yardsale/validators';

import {
  TABLES,
  confirm,
  deletionRateLimits,
  deletionSteps,
  filesIn,
  item,
  photo,
} from '../../test/account-deletion-testing';
import { TEST_PASSWORD, adminOnFirstUse, createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';
import { createListing } from './listings';
import { setProfilePicture } from './users';

const M = UI_TEXT.deleteAccount;

/** Not counted: the search index's words of all listings, which refer to no one. */
const NOT_COUNTED = ['search_terms'];

describe('what the deletion test counts', () => {
  it('counts every table of the schema', () => {
    const all = Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableName(table));
    expect(
      Object.values(TABLES)
        .map((table) => getTableName(table))
        .sort(),
    ).toEqual(all.filter((name) => !NOT_COUNTED.includes(name)).sort());
  });
});

// What a deletion refuses is in account-deletion-refusals.test.ts; what races it, in account-deletion-races.test.ts.
describe.each(testDatabaseKinds())('deleting an account on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind, { rateLimits: deletionRateLimits });
  });
  afterAll(async () => {
    await api.close();
  });

  const { neighbour, counts, rowCount } = deletionSteps(() => api);
  const theAdmin = adminOnFirstUse(() => api);

  it('removes what was only theirs, keeps what others hold, and counts every table', async () => {
    const admin = await theAdmin();
    const sam = await neighbour('Sam', 'Seller');
    const bea = await neighbour('Bea', 'Buyer');
    const carl = await neighbour('Carl', 'Critic');

    // Notifications: a saved search each (Sam's finds Bea's lamp, Bea's finds Sam's sofa), Sam's
    // settings, a phone of Sam's that takes pushes, a digest sent, the app open.
    await sam.caller.savedSearches.create({ search: 'lamp' });
    await bea.caller.savedSearches.create({ search: 'sofa' });
    await sam.caller.notifications.updateSettings({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      announcement: { push: false, email: false },
    });
    await api.deps.db.insert(schema.pushSubscriptions).values({
      userId: sam.user.id,
      sessionId: sql`(select id from sessions where user_id = ${sam.user.id} limit 1)`,
      endpoint: 'https://push.example/sams-phone',
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ',
      auth: 'c2VjcmV0',
    });
    await api.deps.db
      .insert(schema.notificationDigests)
      .values({ userId: sam.user.id, day: '2031-06-07', matches: 1 });
    await api.deps.db
      .insert(schema.userPresence)
      .values({ userId: sam.user.id, onlineUntil: new Date(Date.now() + 60_000) });

    // Sam: two listings with a photo each, a profile picture, a second session.
    const samSofa = await createListing(api.deps, sam.user, item('Green sofa'), [
      await photo('#228844'),
    ]);
    await createListing(api.deps, sam.user, item('Oak table'), [await photo('#884422')]);
    const avatarUrl = (await setProfilePicture(api.deps, sam.user.id, await photo('#ddaa00')))
      .profilePicture;
    const secondDevice = await api.as();
    await secondDevice.caller.auth.login({ email: sam.user.email, password: TEST_PASSWORD });
    const beaLamp = await createListing(api.deps, bea.user, item('Brass lamp'));

    // Saves both ways, and a conversation each way with a message from each side.
    await bea.caller.saved.save({ listingId: samSofa });
    await sam.caller.saved.save({ listingId: beaLamp });
    const aboutSofa = await bea.caller.conversations.start({ listingId: samSofa });
    await bea.caller.conversations.send({ conversationId: aboutSofa.id, content: 'Still free?' });
    await sam.caller.conversations.send({ conversationId: aboutSofa.id, content: 'Yes, come by' });
    const aboutLamp = await sam.caller.conversations.start({ listingId: beaLamp });
    await sam.caller.conversations.send({ conversationId: aboutLamp.id, content: 'Does it work?' });
    await bea.caller.conversations.send({ conversationId: aboutLamp.id, content: 'It does' });
    await admin.caller.admin.announce({ message: 'Spring clean-up day on Saturday' });

    // Reviews written and received; a report filed by Sam and one about Sam.
    await sam.caller.reviews.create({ revieweeId: bea.user.id, listingId: beaLamp, rating: 1 });
    await carl.caller.reviews.create({ revieweeId: bea.user.id, rating: 5 });
    await bea.caller.reviews.create({ revieweeId: sam.user.id, listingId: samSofa, rating: 4 });
    await sam.caller.reports.create({
      reportedUserId: bea.user.id,
      category: 'other',
      description: 'Asked me to pay before seeing the lamp.',
    });
    await bea.caller.reports.create({
      reportedUserId: sam.user.id,
      category: 'other',
      description: 'Did not turn up to the pick-up.',
    });
    // The listings are matched against the saved searches, as a server's matcher does.
    await api.matchListings();
    expect(await bea.caller.reviews.rating({ userId: bea.user.id })).toEqual({
      averageRating: 3,
      totalReviews: 2,
    });

    const samId = sam.user.id;
    const samListings = api.deps.db
      .select({ id: schema.listings.id })
      .from(schema.listings)
      .where(eq(schema.listings.userId, samId));
    const [samAnnouncement] = await api.deps.db
      .select({ id: schema.conversations.id })
      .from(schema.conversations)
      .where(
        sql`${schema.conversations.buyerId} = ${samId} and ${schema.conversations.isAnnouncement}`,
      );
    const theirs = {
      listings: await rowCount('listings', eq(schema.listings.userId, samId)),
      listingImages: await rowCount(
        'listingImages',
        inArray(schema.listingImages.listingId, samListings),
      ),
      listingTerms: await rowCount(
        'listingTerms',
        inArray(schema.listingTerms.listingId, samListings),
      ),
      savedBy: await rowCount('savedListings', eq(schema.savedListings.userId, samId)),
      savedOf: await rowCount(
        'savedListings',
        inArray(schema.savedListings.listingId, samListings),
      ),
      reviews: await rowCount(
        'reviews',
        sql`${schema.reviews.reviewerId} = ${samId} or ${schema.reviews.revieweeId} = ${samId}`,
      ),
      sessions: await rowCount('sessions', eq(schema.sessions.userId, samId)),
      accountTokens: await rowCount('accountTokens', eq(schema.accountTokens.userId, samId)),
      userEvents: await rowCount('userEvents', eq(schema.userEvents.userId, samId)),
      announcementMessages: await rowCount(
        'messages',
        eq(schema.messages.conversationId, samAnnouncement?.id ?? 0),
      ),
      savedSearches: await rowCount('savedSearches', eq(schema.savedSearches.userId, samId)),
      savedSearchWords: await rowCount(
        'savedSearchWords',
        inArray(
          schema.savedSearchWords.savedSearchId,
          api.deps.db
            .select({ id: schema.savedSearches.id })
            .from(schema.savedSearches)
            .where(eq(schema.savedSearches.userId, samId)),
        ),
      ),
      // Sam's search's match of Bea's lamp, and Bea's search's match of Sam's sofa.
      savedSearchMatches: await rowCount(
        'savedSearchMatches',
        or(
          eq(schema.savedSearchMatches.userId, samId),
          inArray(schema.savedSearchMatches.listingId, samListings),
        ),
      ),
      pushSubscriptions: await rowCount(
        'pushSubscriptions',
        eq(schema.pushSubscriptions.userId, samId),
      ),
      notifications: await rowCount('notifications', eq(schema.notifications.userId, samId)),
      notificationOutbox: await rowCount(
        'notificationOutbox',
        eq(schema.notificationOutbox.userId, samId),
      ),
      notificationDigests: await rowCount(
        'notificationDigests',
        eq(schema.notificationDigests.userId, samId),
      ),
      notificationSettings: await rowCount(
        'notificationSettings',
        eq(schema.notificationSettings.userId, samId),
      ),
      userPresence: await rowCount('userPresence', eq(schema.userPresence.userId, samId)),
    };
    expect(theirs).toMatchObject({ listings: 2, listingImages: 2, savedBy: 1, savedOf: 1 });
    expect(theirs).toMatchObject({ reviews: 2, sessions: 2, announcementMessages: 1 });
    expect(theirs).toMatchObject({
      savedSearches: 1,
      savedSearchWords: 1,
      savedSearchMatches: 2,
      pushSubscriptions: 1,
      notificationDigests: 1,
      notificationSettings: 1,
      userPresence: 1,
    });
    // At least the match of Bea's lamp: a bell entry, and its push waiting to be sent.
    expect(theirs.notifications).toBeGreaterThan(0);
    expect(theirs.notificationOutbox).toBeGreaterThan(0);
    const beasBell = await bea.caller.notifications.list();
    expect(beasBell.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'saved-search', listingId: samSofa }),
      ]),
    );
    const imageRows = await api.deps.db
      .select({ imageUrl: schema.listingImages.imageUrl, card: schema.listingImages.thumbnailUrl })
      .from(schema.listingImages)
      .where(inArray(schema.listingImages.listingId, samListings));
    const samFiles = [...imageRows.flatMap((r) => [r.imageUrl, r.card]), avatarUrl ?? ''].map(
      (url) => url.replace(/^\/uploads\//, ''),
    );
    expect(samFiles.every((file) => filesIn(api.uploadsDir).includes(file))).toBe(true);
    const before = await counts();

    const client = await api.as(sam.cookie);
    await expect(client.caller.account.delete(confirm)).resolves.toEqual({ success: true });
    expect(client.headers.some(([n, v]) => n === 'Set-Cookie' && /Max-Age=0/i.test(v))).toBe(true);

    const after = await counts();
    expect(after).toEqual({
      ...before,
      sessions: before.sessions - theirs.sessions,
      accountTokens: before.accountTokens - theirs.accountTokens,
      listings: before.listings - theirs.listings,
      listingImages: before.listingImages - theirs.listingImages,
      listingTerms: before.listingTerms - theirs.listingTerms,
      savedListings: before.savedListings - theirs.savedBy - theirs.savedOf,
      reviews: before.reviews - theirs.reviews,
      // Only the announcement was Sam's alone; both conversations with Bea stay, every message in them.
      conversations: before.conversations - 1,
      messages: before.messages - theirs.announcementMessages,
      userEvents: before.userEvents - theirs.userEvents,
      // Nothing of Sam's notifications is left; Bea's bell keeps its entry about the sofa.
      savedSearches: before.savedSearches - theirs.savedSearches,
      savedSearchWords: before.savedSearchWords - theirs.savedSearchWords,
      savedSearchMatches: before.savedSearchMatches - theirs.savedSearchMatches,
      pushSubscriptions: before.pushSubscriptions - theirs.pushSubscriptions,
      notifications: before.notifications - theirs.notifications,
      notificationOutbox: before.notificationOutbox - theirs.notificationOutbox,
      notificationDigests: before.notificationDigests - theirs.notificationDigests,
      notificationSettings: before.notificationSettings - theirs.notificationSettings,
      userPresence: before.userPresence - theirs.userPresence,
    });
    expect((await bea.caller.notifications.list()).items).toEqual(beasBell.items);

    // The photo files and the profile picture are gone from storage.
    const left = filesIn(api.uploadsDir);
    expect(samFiles.filter((file) => left.includes(file))).toEqual([]);

    // The row is a tombstone: no name, address, phone, picture or password.
    const [tombstone] = await api.deps.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, samId));
    expect(tombstone).toMatchObject({
      email: DELETED_USER.email(samId),
      firstName: 'Deleted',
      lastName: 'user',
      phone: null,
      profilePicture: null,
      passwordHash: null,
      totpSecret: null,
    });
    expect(tombstone?.deletedAt).toBeInstanceOf(Date);

    // Bea keeps both conversations and every message, Sam's shown as from "Deleted user".
    const list = await bea.caller.conversations.list();
    const withSam = list.filter((c) => c.buyerId === samId || c.sellerId === samId);
    expect(withSam.map((c) => c.id).sort()).toEqual([aboutSofa.id, aboutLamp.id].sort());
    for (const conversation of withSam) {
      const other = conversation.buyerId === samId ? conversation.buyer : conversation.seller;
      expect(other).toMatchObject({ firstName: 'Deleted', lastName: 'user', deleted: true });
      expect(other.profilePicture).toBeNull();
    }
    expect(withSam.find((c) => c.id === aboutSofa.id)?.listing).toBeNull();
    expect(withSam.find((c) => c.id === aboutLamp.id)?.listing?.id).toBe(beaLamp);
    const sofaThread = await bea.caller.conversations.messages({ conversationId: aboutSofa.id });
    expect(sofaThread.items.map((m) => [m.senderId, m.content])).toEqual([
      [bea.user.id, 'Still free?'],
      [samId, 'Yes, come by'],
    ]);
    // Nobody is left to read a reply.
    const reply = await refusal(
      bea.caller.conversations.send({ conversationId: aboutSofa.id, content: 'Hello?' }),
    );
    expect(reply.code).toBe('FORBIDDEN');
    expect(reply.message).toBe(M.recipientDeleted);

    // Bea's average no longer counts Sam's review; Sam has no public page.
    expect(await bea.caller.reviews.rating({ userId: bea.user.id })).toEqual({
      averageRating: 5,
      totalReviews: 1,
    });
    expect((await refusal(bea.caller.users.byId({ id: samId }))).code).toBe('NOT_FOUND');

    // Both reports stay for the admin, Sam shown as deleted.
    const page = await admin.caller.admin.reports();
    const filed = page.items.find((r) => r.reporterId === samId);
    expect(filed?.reporter).toMatchObject({
      firstName: 'Deleted',
      lastName: 'user',
      deleted: true,
    });
    const about = page.items.find((r) => r.reportedUser.id === samId);
    expect(about?.reportedUser.deleted).toBe(true);
    expect(about?.reporter.deleted).toBe(false);

    // Both of Sam's sessions ended, the password no longer signs in, and the address is free again.
    // (A fresh context each: a request reads its session once, when it arrives.)
    expect(await (await api.as(sam.cookie)).caller.auth.me()).toBeNull();
    expect(await (await api.as(secondDevice.cookie())).caller.auth.me()).toBeNull();
    const signIn = await refusal(
      (await api.as()).caller.auth.login({ email: sam.user.email, password: TEST_PASSWORD }),
    );
    expect(signIn.code).toBe('UNAUTHORIZED');
    const again = await api.signUp('Sam', { email: sam.user.email });
    expect(again.user.id).not.toBe(samId);
    expect(again.user.email).toBe(sam.user.email);
  });
});
