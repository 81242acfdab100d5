import { z } from './zod';

import { REPORT_CATEGORIES, REPORT_STATUSES } from './constants';
import { idSchema, reportCursorSchema } from './input';

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
  /** A deleted account (decision 068): its reports stay, its name and address are gone. */
  deleted: z.boolean(),
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

/** The admin's status tabs: every report, or those in one status. */
export const REPORT_FILTERS = ['all', ...REPORT_STATUSES] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export const REPORTS_PAGE_SIZE = 25;
export const MAX_REPORTS_PAGE_SIZE = 100;

/** A page of reports, newest first; also the REST path's query string. */
export const adminReportsQuerySchema = z.object({
  status: z.enum(REPORT_FILTERS).default('all'),
  cursor: reportCursorSchema.nullish(),
  limit: z.coerce.number().int().min(1).max(MAX_REPORTS_PAGE_SIZE).default(REPORTS_PAGE_SIZE),
});
/** The same, with every field optional as a whole (`admin.reports()` is the first page of all). */
export const adminReportsInputSchema = adminReportsQuerySchema.prefault({});
export type AdminReportsInput = z.output<typeof adminReportsQuerySchema>;

/** How many reports each tab holds, counted when the page was read. */
export const reportCountsSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  reviewed: z.number().int(),
  resolved: z.number().int(),
  dismissed: z.number().int(),
} satisfies Record<ReportFilter, z.ZodType>);
export type ReportCounts = z.output<typeof reportCountsSchema>;

export const adminReportPageSchema = z.object({
  items: z.array(adminReportSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  counts: reportCountsSchema,
});
export type AdminReportPage = z.output<typeof adminReportPageSchema>;

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
