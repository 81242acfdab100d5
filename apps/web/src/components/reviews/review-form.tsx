import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Label, Textarea, cn, toast } from '@yardsale/ui';
import { UI_TEXT, RATING_MAX, REVIEW_COMMENT_MAX_LENGTH } from '@yardsale/validators';
import { SendIcon } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';

import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { starLabel } from './rating-format';
import type { ReviewFormValues } from './review-form-rules';
import { StarPicker } from './star-picker';

// The form's rules (zod) load with the first check, not with the listing page it sits on.
const resolver: Resolver<ReviewFormValues> = async (values, context, options) =>
  (await import('./review-form-rules')).reviewFormResolver(values, context, options);

const EMPTY: ReviewFormValues = { rating: null, comment: '' };

/**
 * Rates a seller, about one of their listings. A refused review keeps the stars and the comment;
 * a saved one refreshes every rating and review list on screen.
 */
export function ReviewForm({
  sellerId,
  sellerFirstName,
  listingId,
}: {
  sellerId: number;
  sellerFirstName: string;
  listingId: number;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.reviews.create.mutationOptions());
  const form = useForm<ReviewFormValues>({
    resolver,
    defaultValues: EMPTY,
  });
  const ids = useId();
  const ratingLabelId = `${ids}-rating`;
  const ratingHintId = `${ids}-rating-hint`;
  const commentId = `${ids}-comment`;
  const counterId = `${ids}-comment-count`;
  const commentErrorId = `${ids}-comment-error`;
  const comment = useWatch({ control: form.control, name: 'comment' });
  const rating = useWatch({ control: form.control, name: 'rating' });
  const { errors, isSubmitting } = form.formState;
  const tooLong = comment.length > REVIEW_COMMENT_MAX_LENGTH;

  const onSubmit = form.handleSubmit(async (values) => {
    if (values.rating === null) {
      toast({
        variant: 'destructive',
        title: UI_TEXT.review.ratingRequiredTitle,
        description: UI_TEXT.review.ratingRequiredDescription,
      });
      return;
    }
    try {
      await create.mutateAsync({
        revieweeId: sellerId,
        listingId,
        rating: values.rating,
        comment: values.comment,
      });
      form.reset(EMPTY);
      await queryClient.invalidateQueries(trpc.reviews.pathFilter());
      toast({
        variant: 'success',
        title: UI_TEXT.review.submittedTitle,
        description: UI_TEXT.review.submittedDescription,
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: UI_TEXT.review.failedTitle,
        description: serverMessage(error) ?? UI_TEXT.review.failedFallback,
      });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-label={`Review ${sellerFirstName}`}
    >
      <div className="grid gap-1.5">
        <p id={ratingLabelId} className="text-sm leading-none font-medium">
          Your rating
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Controller
            control={form.control}
            name="rating"
            render={({ field }) => (
              <StarPicker
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                labelledBy={ratingLabelId}
                describedBy={ratingHintId}
                disabled={isSubmitting}
              />
            )}
          />
          <span id={ratingHintId} className="text-sm text-muted-foreground">
            {rating === null ? 'Tap a star to rate' : `${starLabel(rating)} out of ${RATING_MAX}`}
          </span>
        </div>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={commentId}>
          <span>
            Comment <span className="font-normal text-muted-foreground">(optional)</span>
          </span>
        </Label>
        <Textarea
          id={commentId}
          rows={3}
          placeholder={`How was buying from ${sellerFirstName}?`}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={[errors.comment ? commentErrorId : null, counterId]
            .filter(Boolean)
            .join(' ')}
          {...form.register('comment')}
        />
        <div className="flex items-start justify-between gap-3">
          {errors.comment?.message ? (
            <p id={commentErrorId} role="alert" className="text-sm font-medium text-destructive">
              {errors.comment.message}
            </p>
          ) : (
            <span />
          )}
          <p
            id={counterId}
            className={cn(
              'shrink-0 text-xs tabular-nums',
              tooLong ? 'font-medium text-destructive' : 'text-muted-foreground',
            )}
          >
            {comment.length}/{REVIEW_COMMENT_MAX_LENGTH}
          </p>
        </div>
      </div>

      <Button type="submit" loading={isSubmitting} className="sm:justify-self-start">
        {isSubmitting ? null : <SendIcon aria-hidden="true" />}
        {isSubmitting ? 'Submitting…' : 'Submit Review'}
      </Button>
    </form>
  );
}
