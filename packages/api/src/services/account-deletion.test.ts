import { readdirSync } from 'node:fs';
import path from 'node:path';

import { TRPCError } from '@trpc/server';
import { count, eq, getTableName, inArray, is, or, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { DEFAULT_NOTIFICATION_SETTINGS, DELETED_USER, UI_TEXT } from '@yardsale/validators';
import type { ListingInput } from '@yardsale/validators';

import { TEST_PASSWORD, createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';
import { deleteAccount } from './account-deletion';
import { createListing } from './listings';
import { recoveryCodeHash } from './two-factor';
import { setProfilePicture } from './users';

const M = UI_TEXT.deleteAccount;

/** Every table, counted before and after a deletion. */
const TABLES = {
  users: schema.users,
  sessions: schema.sessions,
  accountTokens: schema.accountTokens,
  recoveryCodes: schema.recoveryCodes,
  passkeys: schema.passkeys,
  signInChallenges: schema.signInChallenges,
  listings: schema.listings,
  listingImages: schema.listingImages,
  listingTerms: schema.listingTerms,
  savedListings: schema.savedListings,
  reviews: schema.reviews,
  conversations: schema.conversations,
  messages: schema.messages,
  userEvents: schema.userEvents,
  reports: schema.reports,
  notificationSettings: schema.notificationSettings,
  pushSubscriptions: schema.pushSubscriptions,
  savedSearches: schema.savedSearches,
  savedSearchWords: schema.savedSearchWords,
  savedSearchMatches: schema.savedSearchMatches,
  listingMatchQueue: schema.listingMatchQueue,
  notifications: schema.notifications,
  notificationOutbox: schema.notificationOutbox,
  notificationDigests: schema.notificationDigests,
  userPresence: schema.userPresence,
} as const;
type TableName = keyof typeof TABLES;

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

const item = (title: string): ListingInput => ({
  title,
  description: 'Solid and well kept.',
  category: 'Furniture',
  listingType: 'single-item',
  priceRange: '$25-$50',
  address: '12 Elm Street',
  timeZone: 'UTC',
});

function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe.each(testDatabaseKinds())('deleting an account on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind, {
      rateLimits: {
        registerByClient: { points: 1000, durationSeconds: 60 },
        listingCreateByAccount: { points: 1000, durationSeconds: 60 },
        listingCreateByClient: { points: 1000, durationSeconds: 60 },
        reviewsByAccount: { points: 1000, durationSeconds: 60 },
        reviewsByClient: { points: 1000, durationSeconds: 60 },
        reportsByAccount: { points: 1000, durationSeconds: 60 },
        reportsByClient: { points: 1000, durationSeconds: 60 },
        accountDeletionFailuresByAccount: { points: 3, durationSeconds: 60 },
      },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  /** Posting, messaging, reviewing and reporting need a confirmed address; these people have one. */
  async function neighbour(firstName: string, lastName = 'Lane') {
    const person = await api.signUp(firstName, { lastName });
    await api.deps.db
      .update(schema.users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(schema.users.id, person.user.id));
    return person;
  }

  async function counts(): Promise<Record<TableName, number>> {
    const entries = await Promise.all(
      (Object.keys(TABLES) as TableName[]).map(async (name) => {
        const [row] = await api.deps.db.select({ n: count() }).from(TABLES[name]);
        return [name, row?.n ?? 0] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<TableName, number>;
  }

  async function rowCount(table: TableName, where: SQL | undefined): Promise<number> {
    const [row] = await api.deps.db.select({ n: count() }).from(TABLES[table]).where(where);
    return row?.n ?? 0;
  }

  let admin: Awaited<ReturnType<TestApi['signUpAdmin']>> | undefined;
  async function theAdmin() {
    admin ??= await api.signUpAdmin('Ada');
    return admin;
  }

  const confirm = { password: TEST_PASSWORD, confirmation: 'DELETE' } as const;

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

  it('changes nothing on a wrong password or a wrong confirmation, and limits the guesses', async () => {
    const dora = await neighbour('Dora');
    await createListing(api.deps, dora.user, item('Bookcase'), [await photo('#123456')]);
    const files = filesIn(api.uploadsDir);
    const before = await counts();

    const wrong = await refusal(dora.caller.account.delete({ ...confirm, password: 'not-mine' }));
    expect(wrong.code).toBe('BAD_REQUEST');
    expect(wrong.message).toBe(M.wrongPassword);
    const unconfirmed = await refusal(
      dora.caller.account.delete({ ...confirm, confirmation: 'delete' }),
    );
    expect(unconfirmed.code).toBe('BAD_REQUEST');
    expect(await counts()).toEqual(before);
    expect(filesIn(api.uploadsDir)).toEqual(files);
    expect(await dora.caller.auth.me()).toMatchObject({ id: dora.user.id, firstName: 'Dora' });

    // Three wrong passwords in the window: the fourth attempt waits, even with the right one.
    await refusal(dora.caller.account.delete({ ...confirm, password: 'guess-two' }));
    const third = await refusal(dora.caller.account.delete({ ...confirm, password: 'guess-3' }));
    expect(third.code).toBe('BAD_REQUEST');
    expect((await refusal(dora.caller.account.delete(confirm))).code).toBe('TOO_MANY_REQUESTS');
    expect(await counts()).toEqual(before);
  });

  it('refuses the admin and the system account', async () => {
    const admin = await theAdmin();
    const refused = await refusal(admin.caller.account.delete(confirm));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toBe(M.adminRefused);
    expect(await admin.caller.auth.me()).toMatchObject({ role: 'admin' });

    await admin.caller.admin.announce({ message: 'Street party next week' });
    const [system] = await api.deps.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.role, 'system'));
    if (!system) throw new Error('no system account');
    const systemRefused = await refusal(
      deleteAccount(api.deps, system.id, { password: 'anything' }),
    );
    expect(systemRefused.code).toBe('FORBIDDEN');
    expect(systemRefused.message).toBe(M.systemRefused);
  });

  it('asks for the second factor where two-factor sign-in is on', async () => {
    const secret = new Secret({ size: 20 });
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret });
    const ella = await neighbour('Ella');
    const finn = await neighbour('Finn');
    await api.deps.db
      .update(schema.users)
      .set({ totpSecret: secret.base32 })
      .where(inArray(schema.users.id, [ella.user.id, finn.user.id]));
    await api.deps.db
      .insert(schema.recoveryCodes)
      .values({ userId: finn.user.id, codeHash: recoveryCodeHash('abcd-efgh-ijkl') });

    const missing = await refusal(ella.caller.account.delete(confirm));
    expect(missing.code).toBe('BAD_REQUEST');
    expect(missing.message).toBe('Enter the code from your authenticator app.');
    const wrongCode = await refusal(ella.caller.account.delete({ ...confirm, code: '000000' }));
    expect(wrongCode.code).toBe('BAD_REQUEST');
    expect(wrongCode.message).toBe(M.wrongCode);
    expect(await ella.caller.auth.me()).not.toBeNull();

    const code = totp.generate({ timestamp: api.deps.now().getTime() });
    await expect(ella.caller.account.delete({ ...confirm, code })).resolves.toEqual({
      success: true,
    });
    // A recovery code stands in for the app, written as it was handed out, in any case.
    await expect(
      finn.caller.account.delete({ ...confirm, code: ' ABCD-EFGH-IJKL ' }),
    ).resolves.toEqual({ success: true });
    const [finnRow] = await api.deps.db
      .select({ deletedAt: schema.users.deletedAt })
      .from(schema.users)
      .where(eq(schema.users.id, finn.user.id));
    expect(finnRow?.deletedAt).toBeInstanceOf(Date);
  });

  it('opens no session for a sign-in that races the deletion, whichever commits first', async () => {
    const outcomes = { signedInFirst: 0, refused: 0 };
    for (let round = 1; round <= 8; round++) {
      const racer = await neighbour('Sia', `Signer ${String(round)}`);
      const client = await api.as(undefined, `198.51.100.${String(round)}`);
      const [deletion, signIn] = await Promise.allSettled([
        deleteAccount(api.deps, racer.user.id, confirm),
        client.caller.auth.login({ email: racer.user.email, password: TEST_PASSWORD }),
      ]);
      expect(deletion.status).toBe('fulfilled');
      if (signIn.status === 'fulfilled') outcomes.signedInFirst += 1;
      else outcomes.refused += 1;
      // Whatever cookie the sign-in was given opens nothing now.
      const cookie = client.cookie();
      if (cookie) expect(await (await api.as(cookie)).caller.auth.me()).toBeNull();
    }
    expect(outcomes.signedInFirst + outcomes.refused).toBe(8);
  });

  it('keeps nothing the account creates while it is being deleted, however the two interleave', async () => {
    const seller = await neighbour('Sid', 'Seller');
    const lamp = await createListing(api.deps, seller.user, item('Brass lamp'));
    const tally = { committedFirst: 0, refused: 0 };
    const avatar = await photo('teal');
    for (let round = 1; round <= 8; round++) {
      const racer = await neighbour('Rae', `Racer ${String(round)}`);
      // The racer's requests are past their sign-in check when the deletion starts.
      const { caller } = racer;
      const id = racer.user.id;
      const creations = [
        caller.savedSearches.create({ search: 'lamp', push: false, email: 'off' }),
        caller.listings.create(item('Racing bike')),
        caller.saved.save({ listingId: lamp }),
        caller.notifications.updateSettings({
          ...DEFAULT_NOTIFICATION_SETTINGS,
          announcement: { push: false, email: false },
        }),
        caller.reviews.create({ revieweeId: seller.user.id, rating: 5 }),
        caller.conversations.start({ listingId: lamp }),
        setProfilePicture(api.deps, id, avatar),
      ];
      const [deletion, ...created] = await Promise.allSettled([
        deleteAccount(api.deps, id, confirm),
        ...creations,
      ]);
      expect(deletion.status).toBe('fulfilled');
      for (const outcome of created) {
        if (outcome.status === 'fulfilled') tally.committedFirst += 1;
        else {
          // Refused as a signed-out request would be: the account is gone.
          const reason: unknown = outcome.reason;
          expect(reason instanceof TRPCError ? [reason.code, reason.message] : reason).toEqual([
            'UNAUTHORIZED',
            UI_TEXT.auth.unauthorized,
          ]);
          tally.refused += 1;
        }
      }
      const left = {
        savedSearches: await rowCount('savedSearches', eq(schema.savedSearches.userId, id)),
        listings: await rowCount('listings', eq(schema.listings.userId, id)),
        savedListings: await rowCount('savedListings', eq(schema.savedListings.userId, id)),
        notificationSettings: await rowCount(
          'notificationSettings',
          eq(schema.notificationSettings.userId, id),
        ),
        reviews: await rowCount('reviews', eq(schema.reviews.reviewerId, id)),
        // One started before the deletion stays for the seller, hidden on the racer's side.
        openConversations: await rowCount(
          'conversations',
          sql`${schema.conversations.buyerId} = ${id} and ${schema.conversations.buyerHiddenAt} is null`,
        ),
        profilePicture: await rowCount(
          'users',
          sql`${schema.users.id} = ${id} and ${schema.users.profilePicture} is not null`,
        ),
        avatarFiles: filesIn(api.uploadsDir).filter((f) =>
          f.startsWith(`avatars${path.sep}${String(id)}-`),
        ).length,
      };
      expect(left, `round ${String(round)}`).toEqual({
        savedSearches: 0,
        listings: 0,
        savedListings: 0,
        notificationSettings: 0,
        reviews: 0,
        openConversations: 0,
        profilePicture: 0,
        avatarFiles: 0,
      });
    }
    // Every creation either committed before the deletion (and went with it) or was refused.
    expect(tally.committedFirst + tally.refused).toBe(8 * 7);
  });
});
