import { z } from 'zod';

import {
  savedSearchInputSchema,
  savedSearchRefSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
  successSchema,
} from '@yardsale/validators';

import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  updateSavedSearch,
} from '../services/saved-searches';
import { createTRPCRouter, protectedProcedure } from '../trpc';

export const savedSearchesRouter = createTRPCRouter({
  list: protectedProcedure
    .output(z.array(savedSearchSchema))
    .query(({ ctx }) => listSavedSearches(ctx.deps, ctx.user.id)),

  /**
   * Up to MAX_SAVED_SEARCHES per person. Alerts by push or e-mail need a confirmed address (403); a
   * search with both off only rings the bell.
   */
  create: protectedProcedure
    .input(savedSearchInputSchema)
    .output(savedSearchSchema)
    .mutation(({ ctx, input }) => createSavedSearch(ctx.deps, ctx.user.id, input)),

  /** Rename, pause or resume, or change how matches arrive (push or e-mail on: as for create). */
  update: protectedProcedure
    .input(savedSearchUpdateSchema)
    .output(savedSearchSchema)
    .mutation(({ ctx, input }) => updateSavedSearch(ctx.deps, ctx.user.id, input)),

  delete: protectedProcedure
    .input(savedSearchRefSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteSavedSearch(ctx.deps, ctx.user.id, input.id);
      return { success: true as const };
    }),
});
