import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';

import * as schema from '@yardsale/db/schema';
import { UI_TEXT, idSchema, listingSummarySchema, savedStateSchema } from '@yardsale/validators';

import { isLive, savedListingsOf } from '../services/listings';
import { createTRPCRouter, protectedProcedure } from '../trpc';

const { savedListings, listings } = schema;
const listingRef = z.object({ listingId: idSchema });

export const savedRouter = createTRPCRouter({
  list: protectedProcedure
    .output(z.array(listingSummarySchema))
    .query(({ ctx }) => savedListingsOf(ctx.deps, ctx.user.id)),

  isSaved: protectedProcedure
    .input(listingRef)
    .output(savedStateSchema)
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.deps.db
        .select({ id: savedListings.id })
        .from(savedListings)
        .where(
          and(eq(savedListings.userId, ctx.user.id), eq(savedListings.listingId, input.listingId)),
        );
      return { isSaved: !!row };
    }),

  /** Saving twice is the same as saving once. */
  save: protectedProcedure
    .input(listingRef)
    .output(savedStateSchema)
    .mutation(async ({ ctx, input }) => {
      const [listing] = await ctx.deps.db
        .select({ id: listings.id })
        .from(listings)
        .where(and(eq(listings.id, input.listingId), isLive(ctx.deps.now())));
      if (!listing) throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.listing.notFound });
      await ctx.deps.db
        .insert(savedListings)
        .values({ userId: ctx.user.id, listingId: input.listingId })
        .onConflictDoNothing({ target: [savedListings.userId, savedListings.listingId] });
      return { isSaved: true };
    }),

  unsave: protectedProcedure
    .input(listingRef)
    .output(savedStateSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.db
        .delete(savedListings)
        .where(
          and(eq(savedListings.userId, ctx.user.id), eq(savedListings.listingId, input.listingId)),
        );
      return { isSaved: false };
    }),
});
