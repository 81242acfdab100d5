import { Card, cn } from '@yardsale/ui';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const numberFormat = new Intl.NumberFormat('en-US');

export interface GlanceStat {
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
}: {
  headingId: string;
  heading: string;
  stats: readonly GlanceStat[];
  tone: 'brand' | 'pine';
  /** Shown in place of a count that has not arrived. */
  placeholder: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={headingId} className="p-4 sm:p-6">
      <h2 id={headingId} className="sr-only">
        {heading}
      </h2>
      <dl className="grid grid-cols-3 divide-x">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col items-center gap-1 px-1 text-center sm:flex-row sm:gap-4 sm:px-6 sm:text-left sm:first:pl-0"
          >
            <span
              className={cn(
                'flex size-10 shrink-0 items-center justify-center rounded-xl sm:size-12',
                tone === 'brand' ? 'bg-brand-50 text-brand-700' : 'bg-pine-50 text-pine-700',
              )}
            >
              <stat.icon aria-hidden="true" className="size-5 sm:size-6" />
            </span>
            <div className="flex flex-col-reverse">
              <dt className="text-xs font-medium text-muted-foreground sm:text-sm">{stat.label}</dt>
              <dd className="font-display text-2xl font-bold tabular-nums">
                {stat.value === undefined ? placeholder : numberFormat.format(stat.value)}
              </dd>
            </div>
          </div>
        ))}
      </dl>
    </Card>
  );
}
