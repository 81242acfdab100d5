import { cn } from '@yardsale/ui';
import type { ListingSummary } from '@yardsale/validators';
import { CalendarDaysIcon, ZapIcon } from 'lucide-react';

import { formatSaleDays } from '../listings/listing-format';
import { LIVE_SALES_TEXTS } from '../listings/listing-texts';
import type { ViewerLocation } from '../../lib/viewer-location';
import { LazySalesMap } from './lazy-sales-map';
import type { SaleDays } from './sale-days';
import { SaleSection } from './sale-section';
import { nearestFirst } from './sales-queries';
import type { SalesView } from './view-toggle';

export type SaleDay = 'today' | 'weekend';

/** What this needs of a sales query. */
interface SalesQuery {
  data: ListingSummary[] | undefined;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

/** Today or this weekend, as a map or as its list (the same sales, nearest first). */
export function SalesByDay({
  view,
  day,
  onDayChange,
  days,
  today,
  weekend,
  location,
  mapClassName,
}: {
  view: SalesView;
  day: SaleDay;
  onDayChange: (day: SaleDay) => void;
  days: SaleDays;
  today: SalesQuery;
  weekend: SalesQuery;
  location: ViewerLocation | null;
  mapClassName?: string;
}) {
  const query = day === 'today' ? today : weekend;
  const sales = query.data ? nearestFirst(query.data) : undefined;
  const unplaced = sales?.filter((sale) => sale.location === null).length ?? 0;
  const origin = location ? { latitude: location.latitude, longitude: location.longitude } : null;
  const description =
    day === 'today'
      ? formatSaleDays(days.today)
      : formatSaleDays(days.weekend.from, days.weekend.to);

  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Which days" className="flex flex-wrap gap-2">
        <DayButton
          pressed={day === 'today'}
          onClick={() => onDayChange('today')}
          icon={<ZapIcon aria-hidden="true" className="size-4" />}
          label="Today"
          count={today.data?.length}
        />
        <DayButton
          pressed={day === 'weekend'}
          onClick={() => onDayChange('weekend')}
          icon={<CalendarDaysIcon aria-hidden="true" className="size-4" />}
          label="This weekend"
          count={weekend.data?.length}
        />
      </div>
      {view === 'map' ? (
        <section aria-labelledby="sales-map-heading" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2
              id="sales-map-heading"
              className="font-display text-xl font-semibold tracking-tight"
            >
              {day === 'today' ? 'Happening Today' : 'This Weekend'}
            </h2>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
          {query.isError ? (
            <p role="alert" className="rounded-xl border bg-card p-4 text-sm">
              We couldn’t load these sales. Check your connection and try again.
            </p>
          ) : (
            <LazySalesMap
              sales={sales ?? []}
              origin={origin}
              label={
                sales
                  ? `Map of ${String(sales.length - unplaced)} ${sales.length - unplaced === 1 ? 'sale' : 'sales'}`
                  : 'Map of sales, loading'
              }
              className={mapClassName}
            />
          )}
          <MapLegend unplaced={unplaced} empty={sales?.length === 0} day={day} />
        </section>
      ) : (
        <SaleSection
          id={day}
          title={day === 'today' ? 'Happening Today' : 'This Weekend'}
          description={description}
          icon={day === 'today' ? ZapIcon : CalendarDaysIcon}
          sales={sales}
          failed={query.isError}
          onRetry={() => void query.refetch()}
          emptyTitle={
            day === 'today' ? LIVE_SALES_TEXTS.noneToday : LIVE_SALES_TEXTS.noneThisWeekend
          }
        />
      )}
    </div>
  );
}

function DayButton({
  pressed,
  onClick,
  icon,
  label,
  count,
}: {
  pressed: boolean;
  onClick: () => void;
  icon: React.ReactNode;
  label: string;
  count: number | undefined;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
        pressed
          ? 'border-primary bg-primary/10 text-foreground'
          : 'bg-card text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      <span className={pressed ? 'text-primary' : undefined}>{icon}</span>
      {label}
      {count === undefined ? null : (
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs tabular-nums">
          <span aria-hidden="true">{count}</span>
          <span className="sr-only">, {count === 1 ? '1 sale' : `${String(count)} sales`}</span>
        </span>
      )}
    </button>
  );
}

function MapLegend({ unplaced, empty, day }: { unplaced: number; empty: boolean; day: SaleDay }) {
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
      {empty ? (
        <p className="font-medium text-foreground">
          {day === 'today' ? LIVE_SALES_TEXTS.noneToday : LIVE_SALES_TEXTS.noneThisWeekend}
        </p>
      ) : null}
      <span className="inline-flex items-center gap-2">
        <span
          aria-hidden="true"
          className="inline-block size-3 rounded-full bg-pine-700 ring-2 ring-white"
        />
        Exact spot, placed by the seller
      </span>
      <span className="inline-flex items-center gap-2">
        <span
          aria-hidden="true"
          className="inline-block size-4 rounded-full border-2 border-dashed border-pine-700/70 bg-pine-500/20"
        />
        Approximate location (ZIP or town)
      </span>
      {unplaced > 0 ? (
        <span>
          {unplaced === 1
            ? '1 sale could not be placed on the map; it is in the list.'
            : `${String(unplaced)} sales could not be placed on the map; they are in the list.`}
        </span>
      ) : null}
    </div>
  );
}
