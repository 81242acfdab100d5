import path from 'node:path';

import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { DEFAULT_NOTIFICATION_SETTINGS, UI_TEXT } from '@yardsale/validators';

import {
  confirm,
  deletionRateLimits,
  deletionSteps,
  filesIn,
  item,
  photo,
} from '../../test/account-deletion-testing';
import { TEST_PASSWORD, createTestApi } from '../../test/testing';
import type { TestApi } from '../../test/testing';
import { deleteAccount } from './account-deletion';
import { createListing } from './listings';
import { setProfilePicture } from './users';

describe.each(testDatabaseKinds())('deleting an account on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind, { rateLimits: deletionRateLimits });
  });
  afterAll(async () => {
    await api.close();
  });

  const { neighbour, rowCount } = deletionSteps(() => api);

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
