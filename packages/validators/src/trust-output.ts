import { z } from './zod';

import { REPORT_CATEGORIES, REPORT_STATUSES } from './constants';
import { idSchema } from './input';

/** A review as others see it: the reviewer's surname shortened to its first letter. */
export const reviewOutputSchema = z.object({
  id: z.number().int(),
  revieweeId: z.number().int(),
  listingId: z.number().int().nullable(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  reviewer: z.object({
    id: z.number().int(),
    firstName: z.string(),
    /** First letter only. */
    lastName: z.string(),
    profilePicture: z.string().nullable(),
  }),
});
export type ReviewOutput = z.output<typeof reviewOutputSchema>;

/** A seller's rating: the average to one decimal (null before the first review) and the count. */
export const ratingSummarySchema = z.object({
  averageRating: z.number().nullable(),
  totalReviews: z.number().int(),
});
export type RatingSummary = z.output<typeof ratingSummarySchema>;

export const userReviewsInputSchema = z.object({
  userId: idSchema,
  limit: z.coerce.number().int().min(1).max(50).default(50),
});

/** A report as its reporter sees it (admin notes stay with the team). */
export const reportOutputSchema = z.object({
  id: z.number().int(),
  reportedUserId: z.number().int(),
  listingId: z.number().int().nullable(),
  category: z.enum(REPORT_CATEGORIES),
  description: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ReportOutput = z.output<typeof reportOutputSchema>;

const reportPartySchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/** The admin's view: the listing's title and both parties' e-mails, plus the notes. */
export const adminReportSchema = reportOutputSchema.extend({
  reporterId: z.number().int(),
  adminNotes: z.string().nullable(),
  listing: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  reporter: reportPartySchema,
  reportedUser: reportPartySchema,
});
export type AdminReport = z.output<typeof adminReportSchema>;

export const adminReportsInputSchema = z
  .object({ status: z.enum(REPORT_STATUSES).optional() })
  .default({});

export const announcementResultSchema = z.object({
  recipients: z.number().int(),
  message: z.string(),
});
export type AnnouncementResult = z.output<typeof announcementResultSchema>;

export const cleanupResultSchema = z.object({
  removed: z.number().int(),
  message: z.string(),
});
export type CleanupResult = z.output<typeof cleanupResultSchema>;
