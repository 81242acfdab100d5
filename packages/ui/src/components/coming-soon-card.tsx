import type * as React from 'react';

import { cn } from '../lib/cn';
import { Badge } from './badge';

export interface ComingSoonCardProps extends Omit<React.ComponentProps<'section'>, 'title'> {
  title: string;
  description: string;
  icon?: React.ReactNode;
}

/** A settings feature that is planned but not built: visible, clearly labelled, not interactive. */
export function ComingSoonCard({
  title,
  description,
  icon,
  className,
  ...props
}: ComingSoonCardProps) {
  return (
    <section
      data-slot="coming-soon-card"
      className={cn(
        'flex items-start gap-4 rounded-2xl border bg-card p-5 text-card-foreground shadow-card sm:p-6',
        className,
      )}
      {...props}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-muted text-muted-foreground [&_svg:not([class*='size-'])]:size-5"
        >
          {icon}
        </div>
      ) : null}
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <h3 className="font-display text-base font-semibold tracking-tight">{title}</h3>
          <Badge variant="warning">Coming Soon</Badge>
        </div>
        <p className="text-sm leading-relaxed text-muted-foreground">{description}</p>
      </div>
    </section>
  );
}
