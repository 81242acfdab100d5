import { Button } from '@yardsale/ui';
import { CheckIcon, RouteIcon } from 'lucide-react';

import { useRouteStops } from '../../lib/route-stops';

const ROUTE_TEXTS = {
  add: 'Add to my route',
  remove: 'Remove from my route',
  full: 'Your route is full',
} as const;

/** Adds a sale to (or takes it off) the buyer's route; the state is said, not only shown. */
export function RouteStopButton({
  listingId,
  title,
  size = 'sm',
  className,
}: {
  listingId: number;
  title: string;
  size?: 'sm' | 'default';
  className?: string;
}) {
  const stops = useRouteStops();
  const added = stops.has(listingId);
  const disabled = !added && !stops.canAdd;
  return (
    <Button
      type="button"
      size={size}
      variant={added ? 'secondary' : 'outline'}
      className={className}
      aria-label={`${added ? ROUTE_TEXTS.remove : ROUTE_TEXTS.add}: ${title}`}
      disabled={disabled}
      onClick={() => {
        if (added) stops.remove(listingId);
        else stops.add(listingId);
      }}
    >
      {added ? <CheckIcon aria-hidden="true" /> : <RouteIcon aria-hidden="true" />}
      {added ? ROUTE_TEXTS.remove : disabled ? ROUTE_TEXTS.full : ROUTE_TEXTS.add}
    </Button>
  );
}
