import type * as React from 'react';

import { cn } from '../lib/cn';

export interface EmptyStateProps extends Omit<React.ComponentProps<'div'>, 'title'> {
  icon?: React.ReactNode;
  title: string;
  description?: string;
  /** Usually a Button leading to the next useful step. */
  action?: React.ReactNode;
  /** Heading element for the title; pick what fits the page outline. */
  titleAs?: 'h2' | 'h3' | 'h4' | 'p';
}

export function EmptyState({
  icon,
  title,
  description,
  action,
  titleAs: Title = 'h3',
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center rounded-2xl border border-dashed border-stone-300 bg-card/60 px-6 py-12 text-center',
        className,
      )}
      {...props}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="mb-4 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/50 [&_svg:not([class*='size-'])]:size-7"
        >
          {icon}
        </div>
      ) : null}
      <Title className="font-display text-lg font-semibold tracking-tight text-foreground">
        {title}
      </Title>
      {description ? (
        <p className="mt-1.5 max-w-sm text-sm leading-relaxed text-muted-foreground">
          {description}
        </p>
      ) : null}
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}
