import { LoaderCircleIcon } from 'lucide-react';
import type * as React from 'react';

import { cn } from '../lib/cn';

const spinnerSizes = {
  sm: 'size-4',
  md: 'size-6',
  lg: 'size-10',
} as const;

export type SpinnerSize = keyof typeof spinnerSizes;

export interface SpinnerProps extends Omit<React.ComponentProps<'span'>, 'children'> {
  size?: SpinnerSize;
  /** Read by screen readers; not shown. */
  label?: string;
}

/**
 * An indeterminate loading indicator announced politely as a status.
 * Pass `aria-hidden` when a parent already conveys the busy state (a loading button).
 */
export function Spinner({ size = 'md', label = 'Loading', className, ...props }: SpinnerProps) {
  const hidden = props['aria-hidden'] === true || props['aria-hidden'] === 'true';
  return (
    <span
      data-slot="spinner"
      role={hidden ? undefined : 'status'}
      className={cn('inline-flex shrink-0 items-center justify-center text-current', className)}
      {...props}
    >
      <LoaderCircleIcon
        data-slot="spinner-icon"
        aria-hidden="true"
        className={cn('animate-spin', spinnerSizes[size])}
      />
      {hidden ? null : <span className="sr-only">{label}</span>}
    </span>
  );
}

export interface PageSpinnerProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  label?: string;
}

/** Fills the available area and centres a large spinner: route and auth loading. */
export function PageSpinner({ label = 'Loading', className, ...props }: PageSpinnerProps) {
  return (
    <div
      data-slot="page-spinner"
      className={cn(
        'flex min-h-[50vh] w-full flex-1 items-center justify-center text-primary',
        className,
      )}
      {...props}
    >
      <Spinner size="lg" label={label} />
    </div>
  );
}
