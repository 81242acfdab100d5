import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, EmptyState, Input, Label, cn } from '@yardsale/ui';
import {
  DEFAULT_SPEED_MPH,
  appleMapsLegs,
  clocksDiffer,
  defaultDeparture,
  deviceTimeZone,
  fromWallClockInput,
  googleMapsLegs,
  planRoute,
  toWallClockInput,
  tripTimeZone,
  wallClockAt,
} from '@yardsale/geo/route';
import type { ListingSummary } from '@yardsale/validators';
import { AlertTriangleIcon, FlagIcon, MapIcon, RouteIcon, Trash2Icon } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';

import { calendarDay, formatDate } from '../../lib/format';
import { isListingMissing } from '../../lib/listing-id';
import { useRouteStops } from '../../lib/route-stops';
import { useTRPC } from '../../lib/trpc';
import { useViewerLocation } from '../../lib/viewer-location';
import { routeStopsFor, tripClock, zoneName } from './plan-inputs';
import { DirectionsLinks } from './directions-links';
import { LeftOut } from './left-out-sales';
import { PickedSaleItem, PlannedStopItem } from './planned-stop-item';
import { RouteStartPicker } from './route-start';
import type { RouteStart } from './route-start';

// The map library loads with the plan's map, never with the rest of the app.
const RouteMap = lazy(() => import('../map/route-map'));

const MIN_SPEED = 5;
const MAX_SPEED = 70;

/** The buyer's picked sales, put in a good order for a morning's drive. */
export function RoutePlanner() {
  const trpc = useTRPC();
  const stops = useRouteStops();
  const { location } = useViewerLocation();
  const [chosenStart, setChosenStart] = useState<RouteStart | null>(null);
  const start: RouteStart | null =
    chosenStart ??
    (location
      ? {
          latitude: location.latitude,
          longitude: location.longitude,
          label: location.source === 'device' ? 'your location' : location.label,
        }
      : null);
  const [departInput, setDepartInput] = useState<string | null>(null);
  const [speedInput, setSpeedInput] = useState(String(DEFAULT_SPEED_MPH));

  // One query for the whole route (each sale through the shared listing cache), rather than
  // useQueries, whose code would otherwise load with every screen.
  const queryClient = useQueryClient();
  const route = useQuery({
    queryKey: ['route-stops', stops.ids],
    queryFn: () =>
      Promise.all(
        stops.ids.map((id) =>
          queryClient
            .query({
              ...trpc.listings.byId.queryOptions({ id }),
              retry: (count: number, error: unknown) => !isListingMissing(error) && count < 2,
            })
            .then(
              (sale): ListingSummary | number => sale,
              // A sale that cannot be read is offered for removal, as one no longer listed.
              () => id,
            ),
        ),
      ),
    // Removing a stop keeps the others on screen while the route is read again.
    placeholderData: keepPreviousData,
  });
  const loading = route.isPending;
  const sales: ListingSummary[] = [];
  const missing: number[] = [];
  for (const result of route.data ?? []) {
    if (typeof result === 'number') {
      if (stops.ids.includes(result)) missing.push(result);
    } else if (stops.ids.includes(result.id)) sales.push(result);
  }

  // Sale hours are the seller's wall clock where the sale is: the whole trip is planned and shown
  // on that clock, whatever zone this device is in (decision 091).
  const device = deviceTimeZone();
  const zone = tripTimeZone(sales) ?? device;
  const departAt =
    (departInput === null ? null : fromWallClockInput(departInput, zone)) ??
    defaultDeparture(sales, new Date().getTime(), zone);
  const speed = Number(speedInput);
  const speedValid = Number.isFinite(speed) && speed >= MIN_SPEED && speed <= MAX_SPEED;
  const day = wallClockAt(departAt, zone).day;
  const zoneNote = clocksDiffer(zone, device, departAt)
    ? `Times are ${zoneName(zone, departAt)}, where the sales are.`
    : null;

  const { stops: routeStops, notThatDay, unplaced } = routeStopsFor(sales, day);
  const plan =
    start && routeStops.length > 0
      ? planRoute(routeStops, {
          start,
          departAt,
          speedMph: speedValid ? speed : DEFAULT_SPEED_MPH,
        })
      : null;
  const byId = new Map(sales.map((sale) => [sale.id, sale]));

  if (stops.ids.length === 0) {
    return (
      <EmptyState
        icon={<RouteIcon />}
        title="Your route is empty"
        description="Add sales from the map or from Live Sales Now, and we’ll put them in a good order for the drive."
        action={
          <Button asChild>
            <Link to="/map">
              <MapIcon aria-hidden="true" />
              Find sales on the map
            </Link>
          </Button>
        }
      />
    );
  }

  const legs =
    plan && start
      ? {
          google: googleMapsLegs(
            start,
            plan.stops.map(({ stop }) => stop),
          ),
          apple: appleMapsLegs(
            start,
            plan.stops.map(({ stop }) => stop),
          ),
        }
      : null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <section
        aria-labelledby="route-settings-heading"
        className="grid gap-5 rounded-2xl border bg-card p-5 shadow-card"
      >
        <h2 id="route-settings-heading" className="font-display text-lg font-semibold">
          Your trip
        </h2>
        <RouteStartPicker start={start} onChange={setChosenStart} />
        <div className="grid gap-2">
          <Label htmlFor="route-depart">Leaving at</Label>
          <Input
            id="route-depart"
            type="datetime-local"
            value={departInput ?? toWallClockInput(departAt, zone)}
            onChange={(event) => setDepartInput(event.target.value)}
            aria-describedby={zoneNote ? 'route-depart-zone' : undefined}
          />
          {zoneNote ? (
            <p id="route-depart-zone" className="text-sm text-muted-foreground">
              {zoneName(zone, departAt)}
            </p>
          ) : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="route-speed">Average speed (mph)</Label>
          <Input
            id="route-speed"
            type="number"
            inputMode="numeric"
            min={MIN_SPEED}
            max={MAX_SPEED}
            step={1}
            value={speedInput}
            onChange={(event) => setSpeedInput(event.target.value)}
            aria-invalid={speedValid ? undefined : true}
            aria-describedby="route-speed-help"
            className="w-28"
          />
          <p
            id="route-speed-help"
            className={cn('text-sm', speedValid ? 'text-muted-foreground' : 'text-destructive')}
          >
            {speedValid
              ? 'Town driving with stop signs is about 25 mph.'
              : `Enter a speed from ${String(MIN_SPEED)} to ${String(MAX_SPEED)} mph; planning with ${String(DEFAULT_SPEED_MPH)} mph meanwhile.`}
          </p>
        </div>
        <Button type="button" variant="ghost" onClick={stops.clear} className="justify-self-start">
          <Trash2Icon aria-hidden="true" />
          Clear my route
        </Button>
      </section>

      <section aria-labelledby="route-plan-heading" aria-busy={loading} className="grid gap-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="route-plan-heading" className="font-display text-xl font-semibold tracking-tight">
            {formatDate(calendarDay(day), { zone: 'utc', weekday: 'long', month: 'long' })}
          </h2>
          {plan ? (
            <p className="text-sm text-muted-foreground" data-testid="route-summary">
              <strong className="font-semibold text-foreground">
                {plan.totalMiles.toFixed(1)} mi
              </strong>{' '}
              in all · back on the road by{' '}
              <strong className="font-semibold text-foreground">
                {tripClock(plan.finishAt, zone)}
              </strong>
            </p>
          ) : null}
        </div>

        {zoneNote ? (
          <p className="text-sm text-muted-foreground" data-testid="route-zone">
            {zoneNote}
          </p>
        ) : null}

        {loading ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading your sales…
          </p>
        ) : null}

        {!start ? (
          <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
            Set where you start (your location, or a ZIP or town) to plan the order.
          </p>
        ) : null}

        {!plan && routeStops.length > 0 ? (
          <ul className="grid gap-3" aria-label="Sales picked for this day">
            {routeStops.map((routeStop) => (
              <PickedSaleItem
                key={routeStop.id}
                stop={routeStop}
                sale={byId.get(routeStop.id)}
                day={day}
                timeZone={zone}
                onRemove={stops.remove}
              />
            ))}
          </ul>
        ) : null}

        {plan && plan.lateCount > 0 ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
          >
            <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {plan.lateCount === 1
              ? '1 sale will have closed by the time you get there. Leave earlier or drop a stop.'
              : `${String(plan.lateCount)} sales will have closed by the time you get there. Leave earlier or drop a stop.`}
          </p>
        ) : null}

        {plan && start ? (
          <>
            <Suspense
              fallback={
                <div
                  className="h-72 animate-pulse rounded-2xl border bg-muted"
                  aria-hidden="true"
                />
              }
            >
              <RouteMap
                start={start}
                stops={plan.stops.map(({ stop }) => ({
                  latitude: stop.latitude,
                  longitude: stop.longitude,
                  title: stop.title,
                  approximate: byId.get(stop.id)?.location?.approximate ?? false,
                }))}
              />
            </Suspense>

            <ol className="grid gap-3" aria-label="Stops in order">
              <li className="flex items-center gap-3 text-sm text-muted-foreground">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-blue-600 text-white">
                  <FlagIcon aria-hidden="true" className="size-4" />
                </span>
                Leave {start.label} at {tripClock(departAt, zone)}
              </li>
              {plan.stops.map((planned, index) => (
                <PlannedStopItem
                  key={planned.stop.id}
                  planned={planned}
                  number={index + 1}
                  sale={byId.get(planned.stop.id)}
                  day={day}
                  timeZone={zone}
                  onRemove={stops.remove}
                />
              ))}
            </ol>

            {legs ? <DirectionsLinks google={legs.google} apple={legs.apple} /> : null}
          </>
        ) : null}

        <LeftOut
          title="Not on this day"
          note="Change the departure date to include these."
          sales={notThatDay}
          onRemove={stops.remove}
        />
        <LeftOut
          title="Not on the map"
          note="Their address could not be placed; check the listing for directions."
          sales={unplaced}
          onRemove={stops.remove}
        />
        {missing.length > 0 ? (
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border bg-muted/50 p-4 text-sm">
            <span>
              {missing.length === 1
                ? '1 sale in your route is no longer listed.'
                : `${String(missing.length)} sales in your route are no longer listed.`}
            </span>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => {
                for (const id of missing) stops.remove(id);
              }}
            >
              Remove {missing.length === 1 ? 'it' : 'them'}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
