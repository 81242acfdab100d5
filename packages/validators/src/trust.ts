import { z } from './zod';

import {
  MESSAGE_MAX_LENGTH,
  RATING_MAX,
  RATING_MIN,
  REPORT_CATEGORIES,
  REPORT_DESCRIPTION_MAX_LENGTH,
  REPORT_DESCRIPTION_MIN_LENGTH,
  REPORT_STATUSES,
  REVIEW_COMMENT_MAX_LENGTH,
} from './constants';
import { idSchema as id, text } from './input';
import { UI_TEXT } from './ui-text';

export const reviewSchema = z.object({
  revieweeId: id,
  listingId: id.optional().nullable(),
  rating: z
    .number()
    .int()
    .min(RATING_MIN, UI_TEXT.review.ratingMin)
    .max(RATING_MAX, UI_TEXT.review.ratingMax),
  comment: text()
    .trim()
    .max(REVIEW_COMMENT_MAX_LENGTH, UI_TEXT.review.commentTooLong)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type ReviewInput = z.input<typeof reviewSchema>;

export const messageContentSchema = text()
  .trim()
  .min(1, UI_TEXT.message.empty)
  .max(MESSAGE_MAX_LENGTH, UI_TEXT.message.tooLong);

export const sendMessageSchema = z.object({
  conversationId: id,
  content: messageContentSchema,
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const reportSchema = z.object({
  reportedUserId: id,
  listingId: id.optional().nullable(),
  category: z.enum(REPORT_CATEGORIES, { error: UI_TEXT.report.invalidCategory }),
  description: text()
    .trim()
    .min(REPORT_DESCRIPTION_MIN_LENGTH, UI_TEXT.report.descriptionLength)
    .max(REPORT_DESCRIPTION_MAX_LENGTH, UI_TEXT.report.descriptionTooLong),
});
export type ReportInput = z.input<typeof reportSchema>;

export const updateReportSchema = z.object({
  id,
  status: z.enum(REPORT_STATUSES),
  adminNotes: text()
    .trim()
    .max(2000)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type UpdateReportInput = z.input<typeof updateReportSchema>;

export const announcementSchema = z.object({
  message: text().trim().min(1, UI_TEXT.announcement.empty).max(MESSAGE_MAX_LENGTH),
});
export type AnnouncementInput = z.input<typeof announcementSchema>;
