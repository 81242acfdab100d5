import { zodResolver } from '@hookform/resolvers/zod';
import { UI_TEXT, RATING_MAX, REVIEW_COMMENT_MAX_LENGTH } from '@yardsale/validators';
import { z } from 'zod';

/**
 * No stars yet is a valid state of the form, refused on submit with the product's toast
 * (docs/product/rules.md#what-is-checked).
 */
const reviewFormSchema = z.object({
  rating: z.number().int().min(1).max(RATING_MAX).nullable(),
  comment: z.string().max(REVIEW_COMMENT_MAX_LENGTH, UI_TEXT.review.commentTooLong),
});
export type ReviewFormValues = z.infer<typeof reviewFormSchema>;

export const reviewFormResolver = zodResolver(reviewFormSchema);
