import { z } from 'zod';

import {
  createdListingSchema,
  idSchema as id,
  listingCountsInputSchema,
  listingCountsSchema,
  listingDetailSchema,
  listingIdSchema,
  listingPageSchema,
  listingSchema,
  listingSearchSchema,
  listingStatsSchema,
  listingSummarySchema,
  salesBetweenSchema,
  successSchema,
  updateListingSchema,
} from '@yardsale/validators';

import {
  countListings,
  listListings,
  listingStats,
  listingsOfOwner,
  liveListingsOfUser,
  salesBetween,
} from '../services/listing-browse';
import { removeListingPhoto } from '../services/listing-photos';
import { getListing } from '../services/listing-rows';
import { deleteListing, publishListing, updateListing } from '../services/listings';
import { createTRPCRouter, enforceRateLimit, protectedProcedure, verifiedProcedure } from '../trpc';

export const listingsRouter = createTRPCRouter({
  list: protectedProcedure
    .input(listingSearchSchema)
    .output(listingPageSchema)
    .query(({ ctx, input }) => listListings(ctx.deps, input)),

  /** How many listings of each type a search finds: the home tabs' counts, in one call. */
  counts: protectedProcedure
    .input(listingCountsInputSchema)
    .output(listingCountsSchema)
    .query(({ ctx, input }) => countListings(ctx.deps, input)),

  stats: protectedProcedure.output(listingStatsSchema).query(({ ctx }) => listingStats(ctx.deps)),

  byId: protectedProcedure
    .input(listingIdSchema)
    .output(listingDetailSchema)
    .query(({ ctx, input }) => getListing(ctx.deps, input.id, ctx.user)),

  /** The signed-in seller's listings, ended ones included (marked isExpired). */
  mine: protectedProcedure
    .output(z.array(listingSummarySchema))
    .query(({ ctx }) => listingsOfOwner(ctx.deps, ctx.user.id)),

  byUser: protectedProcedure
    .input(z.object({ userId: id }))
    .output(z.array(listingSummarySchema))
    .query(({ ctx, input }) => liveListingsOfUser(ctx.deps, input.userId)),

  salesBetween: protectedProcedure
    .input(salesBetweenSchema)
    .output(z.array(listingSummarySchema))
    .query(({ ctx, input }) => salesBetween(ctx.deps, input)),

  /**
   * A new listing, limited per account and per client (product decisions: limits against abuse).
   * Photos come only with the multipart REST path, stored with the listing or not at all.
   */
  create: verifiedProcedure
    // Before the input: a refused upload's form is never read (REST create-with-photos).
    .use(async ({ ctx, next }) => {
      await enforceRateLimit(ctx, 'listingCreateByAccount', String(ctx.user.id));
      await enforceRateLimit(ctx, 'listingCreateByClient', ctx.clientIp);
      return next();
    })
    .input(listingSchema)
    .output(createdListingSchema)
    .mutation(async ({ ctx, input }) => {
      const photos = ctx.upload ? (await ctx.upload.read()).files : [];
      return publishListing(ctx.deps, ctx.user, input, photos);
    }),

  update: protectedProcedure
    .input(updateListingSchema)
    .output(listingDetailSchema)
    .mutation(({ ctx, input }) => updateListing(ctx.deps, ctx.user, input.id, input.listing)),

  removeImage: protectedProcedure
    .input(z.object({ listingId: id, imageId: id }))
    .output(listingDetailSchema)
    .mutation(({ ctx, input }) =>
      removeListingPhoto(ctx.deps, ctx.user, input.listingId, input.imageId),
    ),

  delete: protectedProcedure
    .input(listingIdSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteListing(ctx.deps, ctx.user, input.id);
      return { success: true as const };
    }),
});
