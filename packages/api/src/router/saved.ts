import { z } from 'zod';

import { listingRefSchema, listingSummarySchema, savedStateSchema } from '@yardsale/validators';

import { isListingSaved, saveListing, savedListingsOf, unsaveListing } from '../services/saved';
import { createTRPCRouter, protectedProcedure } from '../trpc';

export const savedRouter = createTRPCRouter({
  list: protectedProcedure
    .output(z.array(listingSummarySchema))
    .query(({ ctx }) => savedListingsOf(ctx.deps, ctx.user.id)),

  isSaved: protectedProcedure
    .input(listingRefSchema)
    .output(savedStateSchema)
    .query(async ({ ctx, input }) => ({
      isSaved: await isListingSaved(ctx.deps, ctx.user.id, input.listingId),
    })),

  /** Saving twice is the same as saving once. */
  save: protectedProcedure
    .input(listingRefSchema)
    .output(savedStateSchema)
    .mutation(async ({ ctx, input }) => {
      await saveListing(ctx.deps, ctx.user.id, input.listingId);
      return { isSaved: true };
    }),

  unsave: protectedProcedure
    .input(listingRefSchema)
    .output(savedStateSchema)
    .mutation(async ({ ctx, input }) => {
      await unsaveListing(ctx.deps, ctx.user.id, input.listingId);
      return { isSaved: false };
    }),
});
