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
  /** One slim line: each count with a small icon, over its label. */
  compact?: boolean;
}) {
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className={compact ? 'justify-center px-3 py-1.5 sm:px-5 sm:py-3' : 'p-4 sm:p-6'}
    >
      <h2 id={headingId} className="sr-only">
        {heading}
      </h2>
      <dl className="grid grid-cols-3 divide-x">
        {stats.map((stat) => (
          // A grid, not nested boxes: a <dl> group may hold only its <dt> and <dd> (and hidden
          // decoration), so rows put the count above its label and the icon beside both.
          <div
            key={stat.label}
            className={
              compact
                ? 'grid grid-cols-[auto_auto] items-center justify-center gap-x-1.5 px-1'
                : 'grid grid-cols-1 justify-items-center px-1 text-center sm:grid-cols-[auto_1fr] sm:items-center sm:justify-items-start sm:gap-x-4 sm:px-6 sm:text-left sm:first:pl-0'
            }
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex shrink-0 items-center justify-center',
                compact
                  ? 'col-start-1 row-start-1'
                  : 'mb-1 size-10 rounded-xl sm:row-span-2 sm:mb-0 sm:size-12',
                compact
                  ? tone === 'brand'
                    ? 'text-brand-700'
                    : 'text-pine-700'
                  : tone === 'brand'
                    ? 'bg-brand-50 text-brand-700'
                    : 'bg-pine-50 text-pine-700',
              )}
            >
              <stat.icon className={compact ? 'size-4 sm:size-5' : 'size-5 sm:size-6'} />
            </span>
            <dt
              className={cn(
                'text-xs font-medium text-muted-foreground sm:text-sm',
                compact
                  ? 'col-span-2 row-start-2 text-center'
                  : 'row-start-3 sm:col-start-2 sm:row-start-2',
              )}
            >
              {stat.label}
            </dt>
            <dd
              className={cn(
                'font-display font-bold tabular-nums',
                compact
                  ? 'col-start-2 row-start-1 text-base leading-6 sm:text-xl sm:leading-7'
                  : 'row-start-2 text-2xl sm:col-start-2 sm:row-start-1',
              )}
            >
              {stat.value === undefined ? placeholder : formatCount(stat.value)}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
