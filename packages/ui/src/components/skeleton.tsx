import type * as React from 'react';

import { cn } from '../lib/cn';

/** A placeholder shape; hidden from screen readers, so announce loading elsewhere (a Spinner). */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-lg bg-stone-200/70', className)}
      {...props}
    />
  );
}
