import { Link } from '@tanstack/react-router';
import { Button, cn } from '@yardsale/ui';
import type { PlannedStop } from '@yardsale/geo/route';
import type { ListingSummary } from '@yardsale/validators';
import { AlertTriangleIcon, ClockIcon, HourglassIcon, XIcon } from 'lucide-react';

import { formatClock } from '../../lib/format';
import { formatSaleDays, formatTimeRange } from '../listings/listing-format';
import { stopWarning } from './plan-inputs';

/** One stop of the planned route: when the buyer arrives, the drive there, and any warning. */
export function PlannedStopItem({
  planned,
  number,
  sale,
  day,
  onRemove,
}: {
  planned: PlannedStop;
  /** Its place in the route, from 1. */
  number: number;
  /** The listing, once read (its days, hours and whether its location is approximate). */
  sale: ListingSummary | undefined;
  /** The day planned, `YYYY-MM-DD`: a sale's first day when it gives none. */
  day: string;
  onRemove: (id: number) => void;
}) {
  const warning = stopWarning(planned.warning, planned.stop, planned.waitMinutes);
  return (
    <li
      data-testid="route-stop"
      className={cn(
        'flex gap-3 rounded-2xl border bg-card p-4 shadow-card',
        planned.warning === 'late' && 'border-amber-300',
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-amber-700 text-sm font-bold text-white"
      >
        {number}
      </span>
      <div className="grid min-w-0 grow gap-1">
        <p className="font-semibold">
          <span className="sr-only">Stop {number}: </span>
          <Link
            to="/listing/$id"
            params={{ id: String(planned.stop.id) }}
            className="hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {planned.stop.title}
          </Link>
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <ClockIcon aria-hidden="true" className="size-4" />
            Arrive {formatClock(new Date(planned.arriveAt))}
          </span>
          <span>{planned.legMiles.toFixed(1)} mi drive</span>
          {sale ? (
            <span>
              {formatSaleDays(sale.startDate ?? day, sale.endDate)}
              {formatTimeRange(sale.startTime, sale.endTime)
                ? ` · ${formatTimeRange(sale.startTime, sale.endTime) ?? ''}`
                : ''}
            </span>
          ) : null}
          {sale?.location?.approximate ? <span>Approximate location</span> : null}
        </p>
        {warning ? (
          <p
            className={cn(
              'flex items-center gap-1.5 text-sm font-medium',
              planned.warning === 'late' ? 'text-amber-800' : 'text-foreground',
            )}
          >
            {planned.warning === 'late' ? (
              <AlertTriangleIcon aria-hidden="true" className="size-4 shrink-0" />
            ) : (
              <HourglassIcon aria-hidden="true" className="size-4 shrink-0" />
            )}
            {warning}
          </p>
        ) : null}
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        onClick={() => onRemove(planned.stop.id)}
        aria-label={`Remove ${planned.stop.title} from my route`}
        className="shrink-0"
      >
        <XIcon aria-hidden="true" />
      </Button>
    </li>
  );
}
