import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';

import * as schema from '@yardsale/db/schema';
import { MESSAGES } from '@yardsale/validators';

import { isLive } from '../services/listings';
import { createTRPCRouter, protectedProcedure } from '../trpc';

const { conversations, listings } = schema;

export const conversationsRouter = createTRPCRouter({
  /**
   * Opens the conversation between the signed-in buyer and a listing's seller: the existing one if
   * there is one (brought back if the buyer had deleted it), else a new one. Never about one's own listing.
   */
  start: protectedProcedure
    .input(z.object({ listingId: z.coerce.number().int().positive() }))
    .output(z.object({ id: z.number().int() }))
    .mutation(async ({ ctx, input }) => {
      const { db } = ctx.services;
      const [listing] = await db
        .select({ id: listings.id, sellerId: listings.userId })
        .from(listings)
        .where(and(eq(listings.id, input.listingId), isLive(ctx.services.now())));
      if (!listing) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.listing.notFound });
      if (listing.sellerId === ctx.user.id) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'This is your own listing' });
      }
      // One conversation per listing and buyer: a second start (or a race) lands on the same row.
      await db
        .insert(conversations)
        .values({ listingId: listing.id, buyerId: ctx.user.id, sellerId: listing.sellerId })
        .onConflictDoNothing({ target: [conversations.listingId, conversations.buyerId] });
      const [conversation] = await db
        .update(conversations)
        .set({ buyerHiddenAt: null })
        .where(and(eq(conversations.listingId, listing.id), eq(conversations.buyerId, ctx.user.id)))
        .returning({ id: conversations.id });
      if (!conversation) throw new Error('conversation missing after insert');
      return conversation;
    }),
});
