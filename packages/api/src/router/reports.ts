import { z } from 'zod';

import { reportOutputSchema, reportSchema } from '@yardsale/validators';

import { createReport, reportsBy } from '../services/reports';
import { createTRPCRouter, enforceRateLimit, protectedProcedure, verifiedProcedure } from '../trpc';

export const reportsRouter = createTRPCRouter({
  /** Reports a user (and optionally one of their listings) to the admin. */
  create: verifiedProcedure
    .input(reportSchema)
    .output(reportOutputSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, 'reportsByAccount', String(ctx.user.id));
      await enforceRateLimit(ctx, 'reportsByClient', ctx.clientIp);
      return createReport(ctx.deps, ctx.user, input);
    }),

  /** The signed-in user's own reports, newest first. */
  mine: protectedProcedure
    .output(z.array(reportOutputSchema))
    .query(({ ctx }) => reportsBy(ctx.deps, ctx.user.id)),
});
