import { Card, cn } from '@yardsale/ui';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { formatCount } from '../../lib/format';

interface GlanceStat {
  label: string;
  icon: LucideIcon;
  /** Undefined until the count arrives. */
  value: number | undefined;
}

/** A row of three counts in a card, each with its icon; the heading is for screen readers. */
export function GlanceStats({
  headingId,
  heading,
  stats,
  tone,
  placeholder,
  compact = false,
}: {
  headingId: string;
  heading: string;
  stats: readonly GlanceStat[];
  tone: 'brand' | 'pine';
  /** Shown in place of a count that has not arrived. */
  placeholder: ReactNode;
  /** One slim line: small icons, each count beside its label. */
  compact?: boolean;
}) {
  if (compact) {
    return (
      <Card
        role="region"
        aria-labelledby={headingId}
        className="justify-center px-3 py-2 sm:px-5 sm:py-4"
      >
        <h2 id={headingId} className="sr-only">
          {heading}
        </h2>
        <dl className="grid grid-cols-3 divide-x">
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col items-center justify-center px-1 sm:px-4"
            >
              {/* The count reads first on screen; the term comes first in the list. */}
              <dt className="order-2 text-xs font-medium text-muted-foreground sm:text-sm">
                {stat.label}
              </dt>
              <dd className="order-1 flex items-center gap-1.5 font-display text-base leading-6 font-bold tabular-nums sm:text-xl sm:leading-7">
                <stat.icon
                  aria-hidden="true"
                  className={cn(
                    'size-4 shrink-0 sm:size-5',
                    tone === 'brand' ? 'text-brand-700' : 'text-pine-700',
                  )}
                />
                {stat.value === undefined ? placeholder : formatCount(stat.value)}
              </dd>
            </div>
          ))}
        </dl>
      </Card>
    );
  }
  return (
    <Card role="region" aria-labelledby={headingId} className="p-4 sm:p-6">
      <h2 id={headingId} className="sr-only">
        {heading}
      </h2>
      <dl className="grid grid-cols-3 divide-x">
        {stats.map((stat) => (
          // A grid, not nested boxes: a <dl> group may hold only its <dt> and <dd> (and hidden
          // decoration), so rows put the count above its label and the icon beside both.
          <div
            key={stat.label}
            className="grid grid-cols-1 justify-items-center px-1 text-center sm:grid-cols-[auto_1fr] sm:items-center sm:justify-items-start sm:gap-x-4 sm:px-6 sm:text-left sm:first:pl-0"
          >
            <span
              aria-hidden="true"
              className={cn(
                'mb-1 flex size-10 shrink-0 items-center justify-center rounded-xl sm:row-span-2 sm:mb-0 sm:size-12',
                tone === 'brand' ? 'bg-brand-50 text-brand-700' : 'bg-pine-50 text-pine-700',
              )}
            >
              <stat.icon className="size-5 sm:size-6" />
            </span>
            <dt className="row-start-3 text-xs font-medium text-muted-foreground sm:col-start-2 sm:row-start-2 sm:text-sm">
              {stat.label}
            </dt>
            <dd className="row-start-2 font-display text-2xl font-bold tabular-nums sm:col-start-2 sm:row-start-1">
              {stat.value === undefined ? placeholder : formatCount(stat.value)}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
