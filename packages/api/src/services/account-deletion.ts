import { TRPCError } from '@trpc/server';
import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';

import { verifyPassword } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import type { DeleteAccountInput } from '@yardsale/validators';
import { DELETED_USER, UI_TEXT, deleteAccountSchema } from '@yardsale/validators';

import { imageKeys, removeStoredFiles } from './listing-photos';
import { verifySecondFactor } from './two-factor';
import type { ServerDeps } from './types';

const {
  accountTokens,
  conversations,
  listingImages,
  listings,
  notificationDigests,
  notificationOutbox,
  notificationSettings,
  notifications,
  passkeys,
  pushSubscriptions,
  recoveryCodes,
  reviews,
  savedListings,
  savedSearches,
  sessions,
  signInChallenges,
  userEvents,
  userPresence,
  users,
} = schema;

const M = UI_TEXT.deleteAccount;

/** A wrong password or second-factor code: counted against the account's deletion attempts. */
export class WrongAccountSecretError extends TRPCError {
  constructor(message: string) {
    super({ code: 'BAD_REQUEST', message });
  }
}

/**
 * Deletes an account (decision 068), in one transaction: its listings (their conversations are kept,
 * detached), photos, saves, sessions, sign-in secrets, the reviews it wrote and received, its own
 * side of its conversations, and everything of its notifications (saved searches, devices, the bell,
 * what waits to be sent, its settings). The row stays as a tombstone named "Deleted user", because the other
 * party's conversations, both sides' messages and the reports it filed point at it. The files go after
 * the commit; the account's open websockets close.
 */
export async function deleteAccount(
  deps: ServerDeps,
  userId: number,
  input: DeleteAccountInput,
): Promise<void> {
  const values = deleteAccountSchema.parse(input);
  const fileKeys = await deps.db.transaction(async (tx) => {
    // Locked first: two deletions, or a deletion and a password change, take turns.
    const [account] = await tx
      .select({
        role: users.role,
        passwordHash: users.passwordHash,
        totpSecret: users.totpSecret,
        profilePicture: users.profilePicture,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!account || account.deletedAt) {
      throw new TRPCError({ code: 'NOT_FOUND', message: M.alreadyDeleted });
    }
    if (account.role === 'admin')
      throw new TRPCError({ code: 'FORBIDDEN', message: M.adminRefused });
    if (account.role === 'system') {
      throw new TRPCError({ code: 'FORBIDDEN', message: M.systemRefused });
    }
    if (!account.passwordHash || !(await verifyPassword(account.passwordHash, values.password))) {
      throw new WrongAccountSecretError(M.wrongPassword);
    }
    if (account.totpSecret) {
      if (!values.code) throw new TRPCError({ code: 'BAD_REQUEST', message: M.codeRequired });
      // In this transaction: a recovery code spent on a deletion that then fails is not lost.
      if (!(await verifySecondFactor({ ...deps, db: tx }, userId, values.code))) {
        throw new WrongAccountSecretError(M.wrongCode);
      }
    }

    const ownListings = tx
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.userId, userId));
    const photos = await tx
      .select({ imageUrl: listingImages.imageUrl, thumbnailUrl: listingImages.thumbnailUrl })
      .from(listingImages)
      .where(inArray(listingImages.listingId, ownListings));
    const keys = photos.flatMap((photo) => imageKeys(deps, photo));
    const avatarKey = account.profilePicture
      ? deps.storage.keyFromUrl(account.profilePicture)
      : null;
    if (avatarKey) keys.push(avatarKey);

    // The buyers keep their conversations about these listings: detached, they outlive the listing
    // (a seller's own delete of one listing still removes them, decision 068).
    await tx
      .update(conversations)
      .set({ listingId: null })
      .where(inArray(conversations.listingId, ownListings));
    // Images, saves by others and the search index rows go with the listings (cascades and triggers).
    await tx.delete(listings).where(eq(listings.userId, userId));

    // Their side of each conversation is deleted as "Delete conversation" would: removed where the other
    // party had deleted it too (and the announcements, which were only theirs), hidden otherwise.
    const now = deps.now();
    await tx
      .delete(conversations)
      .where(
        or(
          and(eq(conversations.buyerId, userId), eq(conversations.isAnnouncement, true)),
          and(eq(conversations.buyerId, userId), isNotNull(conversations.sellerHiddenAt)),
          and(eq(conversations.sellerId, userId), isNotNull(conversations.buyerHiddenAt)),
        ),
      );
    await tx
      .update(conversations)
      .set({ buyerHiddenAt: now })
      .where(and(eq(conversations.buyerId, userId), isNull(conversations.buyerHiddenAt)));
    await tx
      .update(conversations)
      .set({ sellerHiddenAt: now })
      .where(and(eq(conversations.sellerId, userId), isNull(conversations.sellerHiddenAt)));

    await tx.delete(savedListings).where(eq(savedListings.userId, userId));
    // Written and received: a review of an account that no longer exists helps nobody.
    await tx
      .delete(reviews)
      .where(or(eq(reviews.reviewerId, userId), eq(reviews.revieweeId, userId)));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
    await tx.delete(userEvents).where(eq(userEvents.userId, userId));
    // The tombstone stays, so nothing cascades: its searches stop matching, its devices get no more
    // pushes, and nothing waiting is mailed to the old address.
    await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await tx.delete(notificationOutbox).where(eq(notificationOutbox.userId, userId));
    await tx.delete(notificationDigests).where(eq(notificationDigests.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
    await tx.delete(userPresence).where(eq(userPresence.userId, userId));

    await tx
      .update(users)
      .set({
        email: DELETED_USER.email(userId),
        firstName: DELETED_USER.firstName,
        lastName: DELETED_USER.lastName,
        phone: null,
        profilePicture: null,
        passwordHash: null,
        totpSecret: null,
        emailVerifiedAt: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    return keys;
  });
  await removeStoredFiles(deps, fileKeys);
  // Every instance closes the account's websockets; their sessions are gone already.
  await deps.events.sessionsEnded([userId]);
}
