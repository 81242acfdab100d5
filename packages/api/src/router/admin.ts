import { TRPCError } from '@trpc/server';
import { z } from 'zod';

import {
  UI_TEXT,
  adminReportPageSchema,
  adminReportSchema,
  adminReportsInputSchema,
  announcementResultSchema,
  announcementSchema,
  cleanupResultSchema,
  idSchema,
  successSchema,
  updateReportSchema,
} from '@yardsale/validators';

import { cleanUpDuplicates, sendAnnouncement } from '../services/admin';
import { deleteListings } from '../services/listings';
import { adminReports, updateReport } from '../services/reports';
import { adminProcedure, createTRPCRouter } from '../trpc';

/** Every procedure here is behind adminProcedure: the role is read from the database per request. */
export const adminRouter = createTRPCRouter({
  reports: adminProcedure
    .input(adminReportsInputSchema)
    .output(adminReportPageSchema)
    .query(({ ctx, input }) => adminReports(ctx.deps, input)),

  updateReport: adminProcedure
    .input(updateReportSchema)
    .output(adminReportSchema)
    .mutation(({ ctx, input }) => updateReport(ctx.deps, input)),

  announce: adminProcedure
    .input(announcementSchema)
    .output(announcementResultSchema)
    .mutation(async ({ ctx, input }) => ({
      recipients: await sendAnnouncement(ctx.deps, ctx.user, input.message),
      message: UI_TEXT.announcement.sentDescription,
    })),

  cleanupDuplicates: adminProcedure.output(cleanupResultSchema).mutation(async ({ ctx }) => {
    const removed = await cleanUpDuplicates(ctx.deps);
    return { removed, message: UI_TEXT.cleanup.result(removed) };
  }),

  /** Removes any listing, as its owner's delete would. */
  deleteListing: adminProcedure
    .input(z.object({ id: idSchema }))
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      if ((await deleteListings(ctx.deps, [input.id], 'listing.removed')) === 0) {
        throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.listing.notFound });
      }
      return { success: true as const };
    }),
});
