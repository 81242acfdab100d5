import { Link } from '@tanstack/react-router';
import { Button, cn } from '@yardsale/ui';
import type { PlannedStop, RouteStop } from '@yardsale/geo/route';
import type { ListingSummary } from '@yardsale/validators';
import { AlertTriangleIcon, ClockIcon, HourglassIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { formatSaleDays } from '../listings/listing-format';
import { saleHours, stopWarning, tripClock } from './plan-inputs';

/** A sale in the route: its marker, its title and the lines below it, and its remove button. */
function StopCard({
  stop,
  marker,
  srPrefix,
  late,
  onRemove,
  children,
}: {
  stop: RouteStop;
  marker: ReactNode;
  /** Read before the title by screen readers: 'Stop 2: '. */
  srPrefix?: string;
  late: boolean;
  onRemove: (id: number) => void;
  children: ReactNode;
}) {
  return (
    <li
      data-testid="route-stop"
      className={cn(
        'flex gap-3 rounded-2xl border bg-card p-4 shadow-card',
        late && 'border-amber-300',
      )}
    >
      {marker}
      <div className="grid min-w-0 grow gap-1">
        <p className="font-semibold [overflow-wrap:anywhere]">
          {srPrefix ? <span className="sr-only">{srPrefix}</span> : null}
          <Link
            to="/listing/$id"
            params={{ id: String(stop.id) }}
            className="hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {stop.title}
          </Link>
        </p>
        {children}
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        onClick={() => onRemove(stop.id)}
        aria-label={`Remove ${stop.title} from my route`}
        className="shrink-0"
      >
        <XIcon aria-hidden="true" />
      </Button>
    </li>
  );
}

/** The sale's days and hours on the trip's clock, and whether its place is approximate. */
function SaleWhen({
  sale,
  day,
  timeZone,
}: {
  sale: ListingSummary | undefined;
  day: string;
  timeZone: string;
}) {
  if (!sale) return null;
  const hours = saleHours(sale, day, timeZone);
  return (
    <>
      <span>
        {formatSaleDays(sale.startDate ?? day, sale.endDate)}
        {hours ? ` · ${hours}` : ''}
      </span>
      {sale.location?.approximate ? <span>Approximate location</span> : null}
    </>
  );
}

/** One stop of the planned route: when the buyer arrives, the drive there, and any warning. */
export function PlannedStopItem({
  planned,
  number,
  sale,
  day,
  timeZone,
  onRemove,
}: {
  planned: PlannedStop;
  /** Its place in the route, from 1. */
  number: number;
  /** The listing, once read (its days, hours and whether its location is approximate). */
  sale: ListingSummary | undefined;
  /** The day planned, `YYYY-MM-DD`: a sale's first day when it gives none. */
  day: string;
  /** The zone the trip's times are read in. */
  timeZone: string;
  onRemove: (id: number) => void;
}) {
  const warning = stopWarning(planned.warning, planned.stop, planned.waitMinutes, timeZone);
  return (
    <StopCard
      stop={planned.stop}
      srPrefix={`Stop ${String(number)}: `}
      late={planned.warning === 'late'}
      onRemove={onRemove}
      marker={
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-amber-700 text-sm font-bold text-white"
        >
          {number}
        </span>
      }
    >
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <ClockIcon aria-hidden="true" className="size-4" />
          Arrive {tripClock(planned.arriveAt, timeZone)}
        </span>
        <span>{planned.legMiles.toFixed(1)} mi drive</span>
        <SaleWhen sale={sale} day={day} timeZone={timeZone} />
      </p>
      {warning ? (
        <p
          className={cn(
            'flex items-center gap-1.5 text-sm font-medium',
            planned.warning === 'late' ? 'text-amber-800' : 'text-foreground',
          )}
          data-testid="route-stop-warning"
        >
          {planned.warning === 'late' ? (
            <AlertTriangleIcon aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <HourglassIcon aria-hidden="true" className="size-4 shrink-0" />
          )}
          {warning}
        </p>
      ) : null}
    </StopCard>
  );
}

/** A picked sale before the route has a start to be ordered from: its days and hours. */
export function PickedSaleItem({
  stop,
  sale,
  day,
  timeZone,
  onRemove,
}: {
  stop: RouteStop;
  sale: ListingSummary | undefined;
  day: string;
  timeZone: string;
  onRemove: (id: number) => void;
}) {
  return (
    <StopCard
      stop={stop}
      late={false}
      onRemove={onRemove}
      marker={
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground"
        >
          <ClockIcon className="size-4" />
        </span>
      }
    >
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <SaleWhen sale={sale} day={day} timeZone={timeZone} />
      </p>
    </StopCard>
  );
}
