import { Link } from '@tanstack/react-router';
import { ArrowRightIcon, RouteIcon } from 'lucide-react';

import { useRouteStops } from '../../lib/route-stops';

/** "3 sales in your route · Plan my route": shown once something is picked. */
export function RouteBar() {
  const { ids } = useRouteStops();
  if (ids.length === 0) return null;
  return (
    <div
      role="status"
      className="sticky bottom-20 z-20 mx-auto flex w-full max-w-xl items-center justify-between gap-3 rounded-full border border-primary/20 bg-card/95 py-2 pr-2 pl-4 shadow-float backdrop-blur md:bottom-6"
    >
      <span className="flex items-center gap-2 text-sm font-medium">
        <RouteIcon aria-hidden="true" className="size-4 text-primary" />
        {ids.length === 1 ? '1 sale in your route' : `${String(ids.length)} sales in your route`}
      </span>
      <Link
        to="/route"
        className="inline-flex h-9 items-center gap-1.5 rounded-full bg-primary px-4 text-sm font-semibold text-primary-foreground hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        Plan my route
        <ArrowRightIcon aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}
