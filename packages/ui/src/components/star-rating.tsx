import { StarIcon } from 'lucide-react';
import type * as React from 'react';

import { cn } from '../lib/cn';

const starSizes = {
  sm: 'size-3.5',
  md: 'size-4.5',
  lg: 'size-6',
} as const;

export type StarRatingSize = keyof typeof starSizes;

export interface StarRatingProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  value: number;
  max?: number;
  size?: StarRatingSize;
}

function formatRating(value: number): string {
  // Ratings are shown to one decimal (docs/product/rules.md#limits-and-timings); "4" reads better
  // than "4.0" aloud.
  return String(Math.round(value * 10) / 10);
}

/** Read-only stars with partial fill (4.5 shows four and a half); one label for the whole row. */
export function StarRating({ value, max = 5, size = 'md', className, ...props }: StarRatingProps) {
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), max);
  return (
    <div
      data-slot="star-rating"
      role="img"
      aria-label={`${formatRating(clamped)} out of ${max} stars`}
      className={cn('inline-flex items-center gap-0.5', className)}
      {...props}
    >
      {Array.from({ length: max }, (_, index) => {
        const fill = Math.min(Math.max(clamped - index, 0), 1);
        return (
          <span key={index} aria-hidden="true" className="relative inline-flex">
            <StarIcon
              className={cn(starSizes[size], 'fill-stone-200 text-stone-300')}
              strokeWidth={1.5}
            />
            {fill > 0 ? (
              <span
                className="absolute inset-y-0 left-0 overflow-hidden"
                style={{ width: `${fill * 100}%` }}
              >
                <StarIcon
                  className={cn(starSizes[size], 'max-w-none fill-amber-400 text-amber-500')}
                  strokeWidth={1.5}
                />
              </span>
            ) : null}
          </span>
        );
      })}
    </div>
  );
}
